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
  sections: Map<string, Section>;
  /** Requirement ID -> its meaning (fixtures/spec/requirements.json). */
  requirementText: Map<string, string>;
  faults: ReadonlyArray<{ name: string; description: string; breaks: readonly string[]; variant: string }>;
  quirks: ReadonlyArray<{ name: string; description: string; mayWarn: readonly string[]; variants: readonly string[] }>;
}

/** A section of docs/requirements.md: its level bullets, or its text items for a measured section. */
interface Section {
  title: string;
  /** `must: ...`, `should: ...` (each bullet whole, its continuation lines joined), or the text items. */
  lines: string[];
  /** Whether `lines` are level bullets (shown whole) rather than text items (shown by topic). */
  levels: boolean;
}

/**
 * The sections of docs/requirements.md by anchor (`<a id="x"></a>` then `### title`): the level
 * bullets (`- **must**: ...`, each with its continuation lines, never cut mid-sentence), or for a
 * section without them (a measured table and its reading) its items: each bullet with its
 * continuation lines, each paragraph. The list of checks is left out. Pure.
 */
export function requirementSections(markdown: string): Map<string, Section> {
  const out = new Map<string, Section>();
  const parts = markdown.split(/<a id="([a-z0-9-]+)"><\/a>/);
  for (let i = 1; i + 1 < parts.length; i += 2) {
    const body = parts[i + 1] as string;
    const title = /^#+ (.+)$/m.exec(body)?.[1]?.trim() ?? (parts[i] as string);
    const all = body.split('\n');
    const head = all.findIndex((l) => /^#+ /.test(l));
    const next = all.findIndex((l, k) => k > head && /^#+ /.test(l));
    const items: string[] = [];
    let open = false;
    for (const l of all.slice(head + 1, next > head ? next : undefined)) {
      // A table belongs to the paragraph that introduces it ("Events listed:"): its rows follow
      // that item on lines of their own (issue 39 point 10: the excerpt ended at the colon).
      if (/^\|/.test(l)) {
        if (!/^\|[-| :]+\|$/.test(l.trim()) && items.length) items[items.length - 1] += `\n${l.trim()}`;
        open = false;
        continue;
      }
      if (!l.trim() || /^Checks citing it:/.test(l)) {
        open = false;
        continue;
      }
      // A new bullet or paragraph, or the continuation of the one before (indented, or plain text after it).
      if (/^- /.test(l) || !open) items.push(l.trim());
      else items[items.length - 1] += ` ${l.trim()}`;
      open = true;
    }
    const kept = items.filter((t) => !/^- \*\*checks\*\*/.test(t));
    const bullets = kept
      .filter((t) => /^- \*\*(must|should|measured|why|note)\*\*/.test(t))
      .map((t) => t.replace(/^- \*\*(\w+)\*\*:?\s*/, '$1: '));
    out.set(parts[i] as string, {
      title,
      lines: bullets.length ? bullets : kept.map((t) => t.replace(/^- /, '')),
      levels: bullets.length > 0,
    });
  }
  return out;
}

/** Text wrapped at `width` columns, each line after the first indented by `indent`. Pure. */
function wrap(text: string, width: number, first: string, indent: string): string[] {
  const out: string[] = [];
  let line = first;
  for (const word of text.split(/\s+/)) {
    if (line.trim() && line.length + 1 + word.length > width) {
      out.push(line);
      line = indent + word;
    } else line = line.trim() ? `${line} ${word}` : `${line}${word}`;
  }
  if (line.trim()) out.push(line);
  return out;
}

/** Words of a topic worth matching (4 letters or more, lower case). Pure. */
function topicWords(text: string): Set<string> {
  // Words with their hyphens and colons whole: `all-day`, `23:59:59`, `start_date`.
  const words = text.toLowerCase().match(/[a-z0-9][a-z0-9_:-]*[a-z0-9]/g) ?? [];
  return new Set(words.filter((w) => w.length > 2 && !STOP.has(w)));
}

/** Words that say nothing of a topic. */
const STOP = new Set(
  'the and for are its not but any one two with from that this they their than then later every should must also when'.split(
    ' ',
  ),
);

/**
 * What to show of a section for one citation: a level section whole; of a measured section (some
 * are 35 lines of unrelated measurements), the items that share the most words with the topic the
 * citation names after the anchor (`#measured-cross-cutting: whole-day rounding`), at most two.
 * Pure.
 */
function excerpt(section: Section, topic: string): string[] {
  if (section.levels) return section.lines;
  const words = topicWords(topic);
  const scored = section.lines
    .map((line, i) => ({ line, i, score: [...topicWords(line)].filter((w) => words.has(w)).length }))
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score || a.i - b.i);
  const best = scored[0]?.score ?? 0;
  const shown = scored
    .filter((x) => x.score * 2 >= best)
    .slice(0, 2)
    // Two items only when both are short: a block stays a few lines.
    .filter((_x, k, all) => k === 0 || all.every((y) => y.line.length <= 400))
    .sort((a, b) => a.i - b.i);
  const picked = shown.length ? shown.map((x) => x.i) : [0];
  // An item ending with a colon introduces the items after it ("... exactly the following:"): they
  // come with it, those sharing a word with the topic (at most 3), else the first of them.
  const withFollowers = picked.flatMap((i) => {
    if (!(section.lines[i] ?? '').trimEnd().endsWith(':')) return [i];
    const after = section.lines.map((_l, k) => k).filter((k) => k > i && !picked.includes(k));
    const near = after.filter((k) => [...topicWords(section.lines[k] as string)].some((w) => words.has(w)));
    // A block stays a few lines: followers up to 600 characters, the first always.
    let room = 600;
    const kept = (near.length ? near : after.slice(0, 1)).filter((k, n) => {
      room -= (section.lines[k] as string).length;
      return n === 0 || room >= 0;
    });
    return [i, ...kept.slice(0, 3)];
  });
  return [...new Set(withFollowers)].sort((a, b) => a - b).map((i) => sentences(section.lines[i] as string, words));
}

/**
 * A long item (some are 15 lines of measurements) cut to its sentences that share the most words
 * with the topic, at most two, whole sentences only; a short one as it is. Pure.
 */
function sentences(whole: string, words: Set<string>): string {
  // A table's rows (after the first newline) are kept whole; only the text before them is cut.
  const cut = whole.indexOf('\n');
  if (cut !== -1) return `${sentences(whole.slice(0, cut), words)}${whole.slice(cut)}`;
  const item = whole;
  if (item.length <= 400) return item;
  const parts = item.split(/(?<=[.;])\s+/);
  const ranked = parts
    .map((p, i) => ({ p, i, score: [...topicWords(p)].filter((w) => words.has(w)).length }))
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .slice(0, 2)
    .sort((a, b) => a.i - b.i);
  return ranked.map((x) => x.p).join(' ... ');
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
    // The topic the citation names: its text after the anchor, up to the next citation.
    // The check's own title says what it is about too (a citation may name only the section).
    const cited = new RegExp(`requirements\\.md#${a}([^;]*)`).exec(c.spec)?.[1] ?? '';
    const topic = `${cited} ${c.title}`;
    const shown = excerpt(s, topic);
    out.push('', `Why (docs/requirements.md#${a}, ${s.title}):`);
    for (const l of shown) {
      const [text, ...rows] = l.split('\n');
      out.push(...wrap(text as string, 100, '  ', '    '), ...rows.map((row) => `    ${row}`));
    }
    if (shown.length < s.lines.length) out.push(`  (the whole section: docs/requirements.md#${a})`);
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
  // The packed tool's project root is dist/: the docs ship beside it, in the package's root.
  for (const p of [join(projectRoot, 'docs/requirements.md'), join(projectRoot, '../docs/requirements.md')])
    if (existsSync(p)) return readFileSync(p, 'utf8');
  return '';
}
