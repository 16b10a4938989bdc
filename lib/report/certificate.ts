/**
 * What a vendor shows: a certified run writes `certificate.json` beside its `results.json` (tool
 * version, variant, features, check counts, seed, date, the target's host, the verdict and the
 * SHA-256 of the results.json file as written) and every run writes `badge.svg`, a small badge
 * like the ones CI projects put in their READMEs. `calcert verify certificate.json results.json`
 * checks that the two agree: the hash, and every field the certificate repeats.
 *
 * The hash binds the two files; it is no signature. Whoever holds both files can rewrite both, so
 * a certificate is as trustworthy as the place it is published from (a CI artifact, a release).
 */
import * as crypto from 'node:crypto';
import type { RunReport } from './results.ts';
import { verdictOf } from './results.ts';
import { coverageFigures } from '../coverage/map.ts';

export const CERTIFICATE_KIND = 'calcert-certificate';

interface Certificate {
  format: 1;
  kind: typeof CERTIFICATE_KIND;
  tool: { name: string; version: string };
  verdict: 'certified' | 'certified-read-only';
  variant: string;
  features: string[];
  namespace: string;
  /** The target's host (`example.org:8443`), or `embedded reference server`. */
  host: string;
  seed: number;
  /** When the run started (ISO 8601, UTC). */
  date: string;
  checks: { total: number; applicable: number; must: number; should: number; pass: number; warn: number };
  results: { file: 'results.json'; sha256: string };
  /**
   * The interface coverage of the run (lib/coverage): the share of the variant's elements (with
   * the run's features) judged at either level, and at must, in percent; recounted from the
   * map's elements in results.json.
   */
  coverage?: { judgedShare: number; mustShare: number; judged: number; judgedMust: number; total: number };
}

/** Whether a run's verdict earns a certificate (a --grep run's `partial` never does). */
export function isCertified(report: Pick<RunReport, 'footer'>): boolean {
  return report.footer.verdict === 'certified' || report.footer.verdict === 'certified-read-only';
}

function sha256(text: string | Buffer): string {
  return crypto.createHash('sha256').update(text).digest('hex');
}

function hostOf(report: RunReport): string {
  if (report.header.embedded) return 'embedded reference server';
  try {
    return new URL(report.header.target).host;
  } catch {
    return report.header.target;
  }
}

/** The certificate of a certified run whose results.json was written as `resultsText`. Pure. */
export function buildCertificate(report: RunReport, resultsText: string): Certificate {
  const by = report.footer.counts.byStatus;
  const checks = report.checks;
  return {
    format: 1,
    kind: CERTIFICATE_KIND,
    tool: { name: report.header.tool, version: report.header.version },
    verdict: report.footer.verdict as Certificate['verdict'],
    variant: report.header.variant.resolved,
    features: [...report.header.features],
    namespace: report.header.namespace,
    host: hostOf(report),
    seed: report.header.seed,
    date: report.header.startedAt,
    checks: {
      total: checks.length,
      applicable: checks.filter((c) => c.status !== 'n/a').length,
      must: checks.filter((c) => c.level === 'must').length,
      should: checks.filter((c) => c.level === 'should').length,
      pass: by['pass'] ?? 0,
      warn: by['warn'] ?? 0,
    },
    results: { file: 'results.json', sha256: sha256(resultsText) },
    ...(report.coverage ? { coverage: certificateCoverage(report.coverage) } : {}),
  };
}

function certificateCoverage(map: NonNullable<RunReport['coverage']>): NonNullable<Certificate['coverage']> {
  const f = coverageFigures(map);
  return {
    judgedShare: f.judgedShare,
    mustShare: f.mustShare,
    judged: f.judged,
    judgedMust: f.judgedMust,
    total: f.total,
  };
}

/**
 * Where a certificate and a results.json disagree, one line each (empty: they agree). The
 * results.json must be the file the certificate hashed, its verdict must still follow from its
 * checks, and every field the certificate repeats must be the run's. Pure.
 */
export function verifyCertificate(cert: unknown, resultsText: string): string[] {
  const c = cert as Partial<Certificate> | null;
  if (!c || typeof c !== 'object' || c.kind !== CERTIFICATE_KIND || c.format !== 1)
    return [`not a calcert certificate of format 1 (kind "${CERTIFICATE_KIND}", format 1)`];
  const problems: string[] = [];
  const hash = sha256(resultsText);
  if (c.results?.sha256 !== hash)
    problems.push(
      `results.json is not the file this certificate was written for: its SHA-256 is ${hash}, the certificate names ${String(c.results?.sha256)}`,
    );
  let report: RunReport;
  try {
    report = JSON.parse(resultsText) as RunReport;
  } catch (e) {
    return [...problems, `results.json is not JSON (${(e as Error).message})`];
  }
  if (report?.format !== 1 || !report.header || !report.footer || !Array.isArray(report.checks))
    return [...problems, 'results.json is not a results.json of format 1'];
  const recomputed = verdictOf(
    report.checks,
    report.header.readOnly,
    report.footer.errors ?? [],
    !!report.footer.selection,
  );
  if (!isCertified(report) || recomputed !== report.footer.verdict)
    problems.push(
      `the run is not certified: results.json says ${report.footer.verdict}, its checks give ${recomputed}`,
    );
  const expected = buildCertificate(report, resultsText);
  const fields: [string, unknown, unknown][] = [
    ['tool', c.tool, expected.tool],
    ['verdict', c.verdict, expected.verdict],
    ['variant', c.variant, expected.variant],
    ['features', c.features, expected.features],
    ['namespace', c.namespace, expected.namespace],
    ['host', c.host, expected.host],
    ['seed', c.seed, expected.seed],
    ['date', c.date, expected.date],
    ['checks', c.checks, expected.checks],
    ['coverage', c.coverage, expected.coverage],
  ];
  for (const [name, got, want] of fields)
    if (JSON.stringify(got) !== JSON.stringify(want))
      problems.push(`${name}: the certificate says ${JSON.stringify(got)}, results.json gives ${JSON.stringify(want)}`);
  // The map's own figures must follow from its elements (the share judged, and at must).
  if (report.coverage) {
    const f = coverageFigures(report.coverage);
    for (const k of ['judgedShare', 'mustShare', 'judged', 'judgedMust', 'total'] as const)
      if (report.coverage[k] !== f[k])
        problems.push(`coverage.${k}: results.json says ${report.coverage[k]}, its elements give ${f[k]}`);
  }
  return problems;
}

const escXml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** Text width in px of 11px Verdana, near enough for a badge (wide letters count more). */
function textWidth(s: string): number {
  let w = 0;
  for (const ch of s) w += /[mwMW@]/.test(ch) ? 10 : /[A-Z0-9]/.test(ch) ? 7.5 : /[ilj.,:;|!' ]/.test(ch) ? 3.5 : 6.5;
  return Math.ceil(w);
}

/** A flat two-part badge: "calcert | certified extended" (green), read-only (blue), or the verdict (red/yellow). Pure. */
export function renderBadge(report: Pick<RunReport, 'footer' | 'header' | 'coverage'>): string {
  const v = report.footer.verdict;
  const right =
    v === 'certified' || v === 'certified-read-only'
      ? `${v.replace(/-/g, ' ')} ${report.header.variant.resolved}${report.coverage ? `, ${report.coverage.judgedShare}% judged` : ''}`
      : v.replace(/-/g, ' ');
  const colour =
    v === 'certified' ? '#2e7d32' : v === 'certified-read-only' ? '#1565c0' : v === 'partial' ? '#f9a825' : '#c62828';
  const left = 'calcert';
  const lw = textWidth(left) + 12;
  const rw = textWidth(right) + 12;
  const w = lw + rw;
  const label = `${left}: ${right}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="20" role="img" aria-label="${escXml(label)}">
<title>${escXml(`${label} (calcert ${report.header.version}, ${report.header.startedAt})`)}</title>
<linearGradient id="s" x2="0" y2="100%"><stop offset="0" stop-color="#bbb" stop-opacity=".1"/><stop offset="1" stop-opacity=".1"/></linearGradient>
<clipPath id="r"><rect width="${w}" height="20" rx="3" fill="#fff"/></clipPath>
<g clip-path="url(#r)"><rect width="${lw}" height="20" fill="#555"/><rect x="${lw}" width="${rw}" height="20" fill="${colour}"/><rect width="${w}" height="20" fill="url(#s)"/></g>
<g fill="#fff" text-anchor="middle" font-family="Verdana,Geneva,DejaVu Sans,sans-serif" font-size="11">
<text x="${lw / 2}" y="14">${escXml(left)}</text><text x="${lw + rw / 2}" y="14">${escXml(right)}</text>
</g>
</svg>
`;
}
