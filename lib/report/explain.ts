/**
 * `calcert explain <check-id>`: everything a vendor reading a failure needs without opening the
 * code: what the check asserts, its level and why (the spec clause it cites, the level decision
 * and the original's measured behaviour from docs/requirements.md), the requirements of the
 * interface it exercises, where it is declared, the reference server's faults that prove it fails
 * when the behaviour breaks (and the quirks of the original it accepts), and how to replay it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { calcertCommand, idPattern, shellQuote } from '../run/config/replay.ts';

interface ExplainedCheck {
  id: string;
  title: string;
  level: string;
  tags: readonly string[];
  spec: string;
  requirements: readonly string[];
  file: string;
  source?: string;
}

interface ExplainInput {
  check: ExplainedCheck;
  /** The retired ID asked for, when the check was renamed (fixtures/spec/aliases.json). */
  askedAs?: string;
  /** Sections of docs/requirements.md by anchor: their must/should/measured lines. */
  sections: Map<string, { title: string; lines: string[] }>;
  /** Requirement ID -> its meaning (fixtures/spec/requirements.json). */
  requirementText: Map<string, string>;
  faults: ReadonlyArray<{ name: string; description: string; breaks: readonly string[]; variant: string }>;
  quirks: ReadonlyArray<{ name: string; description: string; mayWarn: readonly string[]; variants: readonly string[] }>;
}

/**
 * The level decisions of docs/requirements.md by anchor (`<a id="x"></a>` then `### title` and
 * `- **must**: ...` lines; the list of checks is left out). Pure.
 */
export function requirementSections(markdown: string): Map<string, { title: string; lines: string[] }> {
  const out = new Map<string, { title: string; lines: string[] }>();
  const parts = markdown.split(/<a id="([a-z0-9-]+)"><\/a>/);
  for (let i = 1; i + 1 < parts.length; i += 2) {
    const body = parts[i + 1] as string;
    const title = /^#+ (.+)$/m.exec(body)?.[1]?.trim() ?? (parts[i] as string);
    const all = body.split('\n');
    const bullets = all
      .filter((l) => /^- \*\*(must|should|measured|why|note)\*\*/.test(l))
      .map((l) => l.replace(/^- \*\*(\w+)\*\*:?\s*/, '$1: '));
    // A section without level bullets (a measured table and its reading): its text, up to the
    // next heading, at most 40 lines.
    const head = all.findIndex((l) => /^#+ /.test(l));
    const next = all.findIndex((l, k) => k > head && /^#+ /.test(l));
    const text = all
      .slice(head + 1, next > head ? next : undefined)
      .filter((l) => l.trim() && !/^- \*\*checks\*\*|^Checks citing it:/.test(l))
      .slice(0, 40);
    out.set(parts[i] as string, { title, lines: bullets.length ? bullets : text });
  }
  return out;
}

/** The text of `calcert explain`. Pure. */
export function explainText(x: ExplainInput): string {
  const c = x.check;
  const out: string[] = [];
  out.push(`${c.id} (${c.level})${x.askedAs ? `  [renamed from ${x.askedAs}: same check, same level]` : ''}`);
  out.push('', `What it asserts: ${c.title}.`);
  out.push(
    '',
    `Level: ${c.level}. ${
      c.level === 'must'
        ? 'A must-check is what the spec states and every original version of the variant does: a failure means not certified.'
        : 'A should-check is the original implementation\'s convention where the spec says "not shown", or the spec\'s own reading where the original deviates: a failure is a warning beside the verdict.'
    }`,
  );
  out.push('', `Spec: ${c.spec}`);
  const anchors = [...new Set([...c.spec.matchAll(/requirements\.md#([a-z0-9-]+)/g)].map((m) => m[1] as string))];
  for (const a of anchors) {
    const s = x.sections.get(a);
    if (!s) continue;
    out.push('', `Why (docs/requirements.md#${a}, ${s.title}):`, ...s.lines.map((l) => `  ${l}`));
  }
  if (c.requirements.length) {
    out.push('', 'Requirements of the interface it exercises:');
    for (const r of c.requirements)
      out.push(`  ${r}${x.requirementText.has(r) ? `: ${x.requirementText.get(r)}` : ''}`);
  }
  const variantOnly = c.tags.includes('extended') ? 'extended' : c.tags.includes('base') ? 'base' : null;
  const needs = [
    variantOnly ? `the ${variantOnly} variant only` : null,
    c.tags.includes('writes') ? 'credentials (it writes; n/a with --read-only)' : null,
    c.tags.includes('premium') ? '--features premium' : null,
    c.tags.includes('tickets') ? '--features tickets' : null,
    c.tags.includes('fixture') ? 'a fixtures file entry (--fixtures)' : null,
  ].filter(Boolean);
  out.push('', `Tags: ${c.tags.join(', ') || 'none'}${needs.length ? ` (runs with ${needs.join(', ')})` : ''}`);
  out.push(`Source: ${c.source ?? c.file}`);
  const faults = x.faults.filter((f) => f.breaks.includes(c.id));
  out.push('', `Faults of the reference server it catches (${faults.length}; the fault matrix proves each):`);
  for (const f of faults) out.push(`  ${f.name}${f.variant === 'base' ? ' (base)' : ''}: ${f.description}`);
  const quirks = x.quirks.filter((q) => q.mayWarn.includes(c.id));
  if (quirks.length) {
    out.push('', 'Measured behaviours of the original that make it warn (accepted, never a failure):');
    for (const q of quirks) out.push(`  ${q.name} (${q.variants.join(', ')}): ${q.description}`);
  }
  const cmd = calcertCommand();
  out.push(
    '',
    'Replay it:',
    `  ${cmd} certify --base-url URL --user USER --grep ${shellQuote(idPattern(c.id))}  # export CAL_PASSWORD first; add --seed N of the failing run to replay it exactly`,
    `  ${cmd} certify --grep ${shellQuote(idPattern(c.id))}  # against the embedded reference server`,
  );
  if (faults[0])
    out.push(
      `  ${cmd} reference --port 8080 --seed-fixtures --fault ${faults[0].name}  # then certify http://127.0.0.1:8080/wp-json with the line it prints: the check fails`,
    );
  return `${out.join('\n')}\n`;
}

/** docs/requirements.md of this installation: in a clone beside lib/, in the packed tool beside dist/. */
export function requirementsDoc(projectRoot: string): string {
  for (const p of [join(projectRoot, 'docs/requirements.md'), join(projectRoot, '../../docs/requirements.md')])
    if (existsSync(p)) return readFileSync(p, 'utf8');
  return '';
}
