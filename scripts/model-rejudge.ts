/**
 * Re-judges recorded runs of the shadow model with the current model and normalisation, offline
 * (issue 37 point 4: a difference fixed in the reference or a rule is measured in seconds, not by a
 * new certification of the original). Record a run with
 *   CALCERT_KEEP_SHADOW=DIR npx calcert certify ...   (or certify-original.sh with it exported)
 * then
 *   npx tsx scripts/model-rejudge.ts DIR/extended-<tag>.shadow.json [--field RE] [--check RE] [--show N] [--json FILE]
 * prints the agreement (answers identical after normalisation, model checks warning), the
 * differing fields, and with --field the differences of the matching fields, both values side by
 * side with the request that got them. --check RE re-judges only the checks whose ID matches.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { modelLine } from '../lib/certify/certify.ts';
import { readRecording, rejudge } from '../lib/certify/model-recording.ts';
import { modelCheckResults } from '../lib/certify/model-results.ts';
import { summarise } from '../lib/spec/model/summary.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    field: { type: 'string' },
    check: { type: 'string' },
    show: { type: 'string', default: '20' },
    json: { type: 'string' },
  },
});
if (!positionals.length) {
  console.error(
    'usage: tsx scripts/model-rejudge.ts RECORDING.shadow.json... [--field RE] [--check RE] [--show N] [--json FILE]',
  );
  process.exit(2);
}
const fieldRe = values.field ? new RegExp(values.field) : undefined;
const checkRe = values.check ? new RegExp(values.check) : undefined;
const show = Number(values.show);
const dump: unknown[] = [];

const cut = (v: unknown): string => {
  const s = v === undefined ? '(absent)' : JSON.stringify(v);
  return s.length > 160 ? `${s.slice(0, 157)}...` : s;
};

for (const file of positionals) {
  const rec = readRecording(file);
  const from = Date.now();
  const judged = await rejudge(rec, checkRe);
  const variant = rec.resolved.resolvedVariant;
  const m = summarise(judged, { quirks: ['original'], variant, zone: rec.zone });
  const results = modelCheckResults(judged, rec.checks, {
    variant,
    baseUrl: rec.resolved.baseUrl,
    namespace: rec.resolved.namespace,
    selected: () => true,
  });
  const warned = results.filter((r) => r.status === 'warn' || r.status === 'fail');
  const pct = m.compared ? ((100 * m.identical) / m.compared).toFixed(1) : '-';
  console.log(`\n${file} (${variant}, zone ${rec.zone}, ${((Date.now() - from) / 1000).toFixed(1)} s)`);
  console.log(modelLine(m));
  console.log(`identical: ${m.identical}/${m.compared} (${pct}%); model checks warning: ${warned.length}`);
  for (const r of warned) console.log(`  ${r.status} ${r.id}: ${(r.message ?? '').slice(0, 160)}`);
  console.log('differing fields (answers):');
  for (const f of m.byField) console.log(`  ${String(f.answers).padStart(5)} ${f.level} ${f.field}`);
  if (!fieldRe) continue;
  let n = 0;
  for (const j of judged)
    for (const d of j.differences ?? []) {
      if (d.level === 'info' || !fieldRe.test(d.field)) continue;
      const row = { check: j.check, index: j.index, method: j.method, path: j.path, ...d };
      if (values.json) dump.push({ ...row, modelAnswer: j.modelAnswer, target: d.target });
      if (n++ >= show) continue;
      console.log(`\n- ${j.check} #${j.index} ${j.method} ${j.path}\n  ${d.at} (${d.kind}, ${d.level})`);
      console.log(`  target: ${cut(d.target)}\n  model:  ${cut(d.model)}`);
    }
  console.log(`\n${n} differences at fields matching /${values.field}/`);
}
if (values.json) writeFileSync(values.json, JSON.stringify(dump, null, 1));
