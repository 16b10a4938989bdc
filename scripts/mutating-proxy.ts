/**
 * The model against generic faults, as a vendor meets it (issue 37 point 5, the sample of whole
 * certifications): the reference server with every quirk of the original (its answers are the
 * model's) behind an HTTP proxy that applies one generic mutation (selftest/support/
 * model-mutations.ts: drop, retype or change a field, swap list items, change a status or an error
 * code, cut or duplicate a link, change a header) to every JSON answer of one route-method, and a
 * whole certification through the proxy. Caught: the route-method's model check
 * (`<resource>.<operation>.model`) warns or fails, a must-check fails, or the preflight refuses
 * the target. A mutation that found no answer to change is `UNUSED` and not counted.
 *
 *   npx tsx scripts/mutating-proxy.ts [--count 10] [--seed 37] [--variant extended|base]
 *
 * Ten whole certifications cost about ten embedded ones (minutes of CPU): a developer tool, not a
 * self-test (the 360 mutations of recorded answers in selftest/model-mutations.test.ts are the
 * cheap proof CI runs). Prints one line per mutation and the share caught; exit 0 always.
 */
import { createServer, request as httpRequest, type IncomingMessage } from 'node:http';
import fc from 'fast-check';
import { startReferenceServer } from '../fixtures/reference-server/index.ts';
import { certify } from '../lib/certify/certify.ts';
import { loadConfig } from '../lib/run/config/load.ts';
import type { ShadowExchange } from '../lib/run/shadow.ts';
import { MODEL_CHECKS } from '../lib/spec/model/checks.ts';
import { modelCheckId, operationOf, parseRoute } from '../lib/spec/model/route.ts';
import { mutate, OPERATORS, type Operator } from '../selftest/support/model-mutations.ts';

const arg = (name: string, fallback: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? (process.argv[at + 1] ?? fallback) : fallback;
};
const COUNT = Number(arg('count', '10'));
const SEED = Number(arg('seed', '37'));
const VARIANT = arg('variant', 'extended') as 'extended' | 'base';
const NAMESPACE = '/cal/events/v1';
const USER = 'admin';
const PASSWORD = 'mutating-proxy-pw';

/** The model check whose route-method a request reaches, or null. Pure. */
export function modelCheckOf(method: string, path: string): string | null {
  const at = path.indexOf(`${NAMESPACE}/`);
  if (at < 0) return null;
  const r = parseRoute(path.slice(at + NAMESPACE.length).split('?')[0] as string);
  const op = r && operationOf(method, r);
  return r && op ? modelCheckId(r.resource, op) : null;
}

interface Drawn {
  modelCheck: string;
  operator: Operator;
  pick: number;
}

const checks = MODEL_CHECKS.filter((c) => VARIANT === 'extended' || !c.tags.includes('extended')).map((c) => c.id);
/** `--control`: one run through the proxy with no mutation (the proxy alone must change nothing). */
const CONTROL = process.argv.includes('--control');
const drawn: Drawn[] = CONTROL
  ? [{ modelCheck: '(none)', operator: 'drop-field', pick: 0 }]
  : fc.sample(
      fc.record({
        modelCheck: fc.constantFrom(...checks),
        operator: fc.constantFrom(...OPERATORS),
        pick: fc.nat({ max: 50 }),
      }),
      { numRuns: COUNT, seed: SEED },
    );

async function once(m: Drawn): Promise<string> {
  const ref = await startReferenceServer({
    variant: VARIANT,
    port: 0,
    user: USER,
    password: PASSWORD,
    quirks: ['original'],
    seedFixtures: true,
  });
  const upstream = new URL(ref.url);
  let applied = 0;
  let first = '';
  const proxy = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const up = httpRequest(
        { host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: req.headers },
        (r: IncomingMessage) => {
          const body: Buffer[] = [];
          r.on('data', (c: Buffer) => body.push(c));
          r.on('end', () => {
            const text = Buffer.concat(body).toString('utf8');
            const headers = { ...r.headers } as Record<string, string>;
            let status = r.statusCode ?? 502;
            let out = text;
            if (modelCheckOf(req.method ?? 'GET', req.url ?? '') === m.modelCheck) {
              let json: unknown;
              try {
                json = JSON.parse(text);
              } catch {
                json = undefined;
              }
              const x = { status, json, answerHeaders: headers } as unknown as ShadowExchange;
              const got =
                json === undefined && !['change-status', 'change-header'].includes(m.operator)
                  ? null
                  : mutate(x, m.operator, m.pick);
              if (got) {
                applied++;
                if (!first) first = `${req.method} ${req.url}: ${got.at} ${got.what}`;
                status = got.exchange.status ?? status;
                Object.assign(headers, got.exchange.answerHeaders);
                if (got.exchange.json !== undefined) out = JSON.stringify(got.exchange.json);
              }
            }
            delete headers['content-length'];
            delete headers['transfer-encoding'];
            res.writeHead(status, { ...headers, 'content-length': String(Buffer.byteLength(out)) });
            res.end(out);
          });
        },
      );
      up.on('error', () => res.destroy());
      up.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  const port = (proxy.address() as { port: number }).port;
  try {
    const config = loadConfig({
      env: {},
      dotenv: false,
      flags: {
        'base-url': `http://127.0.0.1:${port}${upstream.pathname}`,
        variant: VARIANT,
        user: USER,
        password: PASSWORD,
        seed: 1,
      },
    });
    const result = await certify(config, { fixtures: ref.fixtures, writeReports: false, reconfirm: false });
    const report = result.report;
    // The preflight refused the target (e.g. its create of a tag answered no record): no certificate either.
    if (!report) return `CAUGHT  ${m.modelCheck} ${m.operator} (pick ${m.pick}) by the preflight: ${result.problem}`;
    const model = report.checks.find((c) => c.id === m.modelCheck);
    const mustFails = report.checks.filter((c) => c.level === 'must' && c.status === 'fail').length;
    if (CONTROL)
      return `CONTROL  model ${report.model?.identical} of ${report.model?.compared} identical; by field ${JSON.stringify(report.model?.byField)}; must-failures ${mustFails}, verdict ${report.footer.verdict}`;
    const byModel = model && ['warn', 'fail'].includes(model.status);
    const caught = applied > 0 && (byModel || mustFails > 0);
    return `${applied === 0 ? 'UNUSED' : caught ? 'CAUGHT' : 'MISSED'}  ${m.modelCheck} ${m.operator} (pick ${m.pick}): applied to ${applied} answer(s)${first ? `, first ${first.slice(0, 140)}` : ''}; model check ${model?.status ?? 'absent'} (${model?.model?.differing ?? 0} differing), must-failures ${mustFails}, verdict ${report.footer.verdict}`;
  } finally {
    proxy.close();
    await ref.close();
  }
}

let caught = 0;
let used = 0;
for (const m of drawn) {
  const line = await once(m);
  console.log(line);
  if (!line.startsWith('UNUSED')) used++;
  if (line.startsWith('CAUGHT')) caught++;
}
console.log(`caught ${caught} of ${used} applied mutations (${drawn.length} drawn, seed ${SEED}, ${VARIANT})`);
process.exit(0);
