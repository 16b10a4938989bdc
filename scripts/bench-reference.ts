// Throughput of the reference server's hottest path: start the extended server, create 100
// events through the API, then hammer `GET /events?per_page=10` over keep-alive pipelined
// connections for about 5 s and print requests per second. A speed report, never a test.
// The server runs in a child process so that client and server each get a core, as they do
// when a suite targets `calcert reference`; BENCH_INPROCESS=1 runs both in one process instead.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Pool } from 'undici';
import { startReferenceServer } from '../fixtures/reference-server/index.ts';

const DURATION_MS = Number(process.env.BENCH_MS ?? 5000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const PIPELINING = Number(process.env.BENCH_PIPELINING ?? 4);

interface Started {
  url: string;
  namespace: string;
  close(): Promise<void>;
  /** CPU time (user + system, microseconds) the server has used so far. */
  cpu(): Promise<number>;
}

async function startServer(): Promise<Started> {
  if (process.env.BENCH_INPROCESS === '1') {
    const s = await startReferenceServer({ variant: 'extended', port: 0 });
    return {
      ...s,
      close: () => s.close(),
      cpu: async () => {
        const u = process.cpuUsage();
        return u.user + u.system;
      },
    };
  }
  const child = fork(fileURLToPath(import.meta.url), [], {
    execArgv: [
      '--import',
      'tsx',
      ...(process.env.BENCH_PROF ? ['--cpu-prof', '--cpu-prof-dir=' + process.env.BENCH_PROF] : []),
    ],
    env: { ...process.env, BENCH_SERVER: '1' },
  });
  const info = await new Promise<{ url: string; namespace: string }>((resolve, reject) => {
    child.once('message', (m) => resolve(m as { url: string; namespace: string }));
    child.once('error', reject);
  });
  return {
    ...info,
    cpu: () =>
      new Promise<number>((resolve) => {
        child.once('message', (m) => resolve((m as { cpu: number }).cpu));
        child.send('cpu');
      }),
    close: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

async function main(): Promise<void> {
  const server = await startServer();
  const origin = new URL(server.url).origin;
  const nsPath = `${new URL(server.url).pathname}/${server.namespace}`;
  const auth = `Basic ${Buffer.from('admin:secret').toString('base64')}`;
  const pool = new Pool(origin, { connections: CONNECTIONS, pipelining: PIPELINING, keepAliveTimeout: 10_000 });
  const day = new Date(Date.now() + 7 * 86400_000).toISOString().slice(0, 10);
  for (let i = 0; i < 100; i++) {
    const hh = String(i % 24).padStart(2, '0');
    const res = await pool.request({
      method: 'POST',
      path: `${nsPath}/events`,
      headers: { authorization: auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        title: `bench ${i}`,
        description: `event number ${i}`,
        start_date: `${day} ${hh}:00:00`,
        end_date: `${day} ${hh}:30:00`,
        cost: '10',
      }),
    });
    if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${await res.body.text()}`);
    await res.body.dump();
  }
  const path = `${nsPath}/events?per_page=10`;
  let done = 0;
  let errors = 0;
  const deadline = Date.now() + DURATION_MS;
  const worker = async (): Promise<void> => {
    while (Date.now() < deadline) {
      const res = await pool.request({ method: 'GET', path });
      if (res.statusCode !== 200) errors++;
      await res.body.dump();
      done++;
    }
  };
  const cpu0 = await server.cpu();
  const t0 = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS * PIPELINING }, worker));
  const secs = (performance.now() - t0) / 1000;
  const cpuSecs = ((await server.cpu()) - cpu0) / 1e6;
  process.stdout.write(
    `GET /events?per_page=10 (100 events, ${CONNECTIONS} connections x ${PIPELINING} pipelined): ${Math.round(done / secs)} req/s over ${secs.toFixed(1)} s, ${done} requests, ${errors} errors\n`,
  );
  // Wall-clock throughput depends on what else runs on the machine; the server's own CPU cost
  // per request gives its capacity per core independently of that.
  if (process.env.BENCH_INPROCESS !== '1') {
    process.stdout.write(
      `server CPU: ${((cpuSecs / done) * 1e6).toFixed(0)} us/request = ${Math.round(done / cpuSecs)} req/s per fully used core\n`,
    );
  }
  await pool.close();
  await server.close();
}

if (process.env.BENCH_SERVER !== '1') {
  main().catch((e) => {
    process.stderr.write(`${(e as Error).stack ?? e}\n`);
    process.exit(1);
  });
} else {
  const server = await startReferenceServer({ variant: 'extended', port: 0 });
  process.send!({ url: server.url, namespace: server.namespace });
  process.on('message', () => {
    const u = process.cpuUsage();
    process.send!({ cpu: u.user + u.system });
  });
  process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
}
