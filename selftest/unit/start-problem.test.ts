// `calcert reference` names the remedy when its port cannot be opened (issue 39 point 10:
// EADDRINUSE had none): the error Node gives for a port in use, and the table of known causes.
import { createServer, type Server } from 'node:net';
import { expect, test } from 'vitest';
import { startProblem } from '../../fixtures/reference-server/cli.ts';

const listen = (server: Server, port: number) =>
  new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });

test('a port in use: the error Node gives, and the remedy', async () => {
  const first = createServer();
  await listen(first, 0);
  const port = (first.address() as { port: number }).port;
  const second = createServer();
  const error = await listen(second, port).then(
    () => undefined,
    (e: unknown) => e,
  );
  first.close();
  second.close();
  expect(startProblem(error, String(port))).toMatch(
    new RegExp(
      `^port ${port} is in use by another program \\(listen EADDRINUSE.*\\): stop that program, or give another --port \\(--port 0 takes any free port\\)$`,
    ),
  );
});

test.each([
  [
    { code: 'EACCES', message: 'listen EACCES: permission denied 0.0.0.0:80' },
    '80',
    /^this user may not open port 80 .*give a port from 1024 up/,
  ],
  [{ code: 'EADDRINUSE', message: 'x' }, undefined, /^the port is in use by another program/],
  [new Error('something else'), '1', /^something else$/],
  [undefined, '1', /^undefined$/],
])('startProblem(%j, %s)', (error, port, message) => {
  expect(startProblem(error, port)).toMatch(message);
});
