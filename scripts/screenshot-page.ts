/**
 * A page after some interaction, rendered by headless Chromium to a PNG (scripts/screenshot-report.sh
 * renders a page as it loads). It drives Chromium through its DevTools protocol: loads the page,
 * runs `--eval` (JavaScript in the page: click a button, set a filter), waits, captures.
 *
 *   npx tsx scripts/screenshot-page.ts PAGE.html OUT.png [--width 1400] [--height 2000] [--eval JS]
 *
 * Prints what `--eval` returned (JSON), so that a caller can check the page did what was asked.
 * Offline: the page is self-contained; background networking is off.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { WebSocket } from 'undici';

function arg(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : undefined;
}
const [html, out] = process.argv.slice(2);
if (!html || !out) {
  console.error(
    'usage: npx tsx scripts/screenshot-page.ts PAGE.html OUT.png [--width 1400] [--height 2000] [--eval JS]',
  );
  process.exit(2);
}
const width = Number(arg('width') ?? 1400);
const height = Number(arg('height') ?? 2000);
const script = arg('eval');

const profile = mkdtempSync(join(tmpdir(), 'calcert-shot-'));
const browser = spawn(
  'chromium',
  [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    `--user-data-dir=${profile}`,
    '--remote-debugging-port=0',
    'about:blank',
  ],
  { stdio: ['ignore', 'ignore', 'pipe'] },
);
try {
  const endpoint = await new Promise<string>((done, fail) => {
    let text = '';
    browser.stderr.on('data', (d: Buffer) => {
      text += d.toString();
      const m = /DevTools listening on (ws:\/\/\S+)/.exec(text);
      if (m) done(m[1] as string);
    });
    browser.on('exit', (code) => fail(new Error(`chromium exited ${code}: ${text.slice(0, 400)}`)));
  });
  const port = new URL(endpoint).port;
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as Array<{
    type: string;
    webSocketDebuggerUrl: string;
  }>;
  const target = targets.find((t) => t.type === 'page');
  if (!target) throw new Error('chromium has no page');
  const ws = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((r) => ws.addEventListener('open', r, { once: true }));
  let next = 0;
  const pending = new Map<number, (v: { result?: unknown; error?: unknown }) => void>();
  const events: Array<(e: { method: string }) => void> = [];
  ws.addEventListener('message', (ev) => {
    const msg = JSON.parse(String(ev.data)) as { id?: number; method?: string; result?: unknown; error?: unknown };
    if (msg.id !== undefined) pending.get(msg.id)?.(msg);
    else if (msg.method) for (const l of events) l(msg as { method: string });
  });
  const send = (method: string, params: Record<string, unknown> = {}) =>
    new Promise<Record<string, unknown>>((done, fail) => {
      const id = ++next;
      pending.set(id, (m) =>
        m.error ? fail(new Error(JSON.stringify(m.error))) : done(m.result as Record<string, unknown>),
      );
      ws.send(JSON.stringify({ id, method, params }));
    });
  await send('Page.enable');
  await send('Emulation.setDeviceMetricsOverride', { width, height, deviceScaleFactor: 1, mobile: false });
  const loaded = new Promise<void>((r) => events.push((e) => e.method === 'Page.loadEventFired' && r()));
  await send('Page.navigate', { url: pathToFileURL(resolve(html)).href });
  await loaded;
  if (script) {
    const r = await send('Runtime.evaluate', { expression: script, returnByValue: true, awaitPromise: true });
    console.log(JSON.stringify((r.result as { value?: unknown })?.value ?? null));
  }
  await new Promise((r) => setTimeout(r, 300));
  const shot = await send('Page.captureScreenshot', { format: 'png' });
  writeFileSync(out, Buffer.from(String(shot.data), 'base64'));
  console.log(resolve(out));
  ws.close();
} finally {
  const exited = new Promise((r) => browser.once('exit', r));
  browser.kill();
  await exited;
  rmSync(profile, { recursive: true, force: true });
}
