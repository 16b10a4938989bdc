/**
 * A parser of the YAML the project writes for GitHub (action.yml, the README's workflow): block
 * mappings and sequences by indentation, `- key: value` items, plain, 'single' and "double" quoted
 * scalars, `|` / `|-` / `>` block scalars, comments, empty values (null). Every scalar stays a
 * string. Anything else (flow collections, anchors, tags, tabs) is an error naming the line, so the
 * self-tests never read a document differently from GitHub without saying so.
 */
export type Yaml = string | null | Yaml[] | { [key: string]: Yaml };

interface Line {
  no: number;
  indent: number;
  text: string;
  raw: string;
}

class YamlSubsetError extends Error {
  override name = 'YamlSubsetError';
}

/** The line without a trailing comment (a # after a space, outside quotes). */
function stripComment(text: string): string {
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'") {
      if (i === 0 || /[\s:[{,-]/.test(text[i - 1] as string)) quote = c;
    } else if (c === '#' && (i === 0 || /\s/.test(text[i - 1] as string))) return text.slice(0, i).trimEnd();
  }
  return text.trimEnd();
}

function scalar(text: string, line: Line): string | null {
  const t = text.trim();
  if (t === '' || t === '~' || t === 'null') return null;
  if (t.startsWith('"')) {
    if (!t.endsWith('"') || t.length < 2) throw new YamlSubsetError(`line ${line.no}: unterminated "string"`);
    return t.slice(1, -1).replace(/\\(["\\/nt])/g, (_, c: string) => (c === 'n' ? '\n' : c === 't' ? '\t' : c));
  }
  if (t.startsWith("'")) {
    if (!t.endsWith("'") || t.length < 2) throw new YamlSubsetError(`line ${line.no}: unterminated 'string'`);
    return t.slice(1, -1).replace(/''/g, "'");
  }
  if (/^[[{&*!|>%@`]/.test(t)) throw new YamlSubsetError(`line ${line.no}: not in the YAML subset: ${t}`);
  return t;
}

const KEY = /^("[^"]*"|'[^']*'|[^\s"'#][^:]*?):(?:\s+(.*))?$/;

export function parseYaml(source: string): Yaml {
  const all = source.split('\n').map((raw, i): Line => {
    if (/^\t|^ *\t/.test(raw)) throw new YamlSubsetError(`line ${i + 1}: a tab in the indentation`);
    const indent = raw.length - raw.trimStart().length;
    return { no: i + 1, indent, text: stripComment(raw.trimStart()), raw };
  });
  let pos = 0;
  const next = (): Line | undefined => {
    while (pos < all.length && (all[pos] as Line).text === '') pos++;
    return all[pos];
  };

  function block(style: string, parentIndent: number): string {
    const lines: string[] = [];
    let indent = -1;
    while (pos < all.length) {
      const l = all[pos] as Line;
      if (l.raw.trim() === '') {
        lines.push('');
        pos++;
        continue;
      }
      if (l.indent <= parentIndent) break;
      if (indent < 0) indent = l.indent;
      lines.push(l.raw.slice(indent));
      pos++;
    }
    while (lines.length && lines[lines.length - 1] === '') lines.pop();
    const text = style.startsWith('>') ? lines.join(' ') : lines.join('\n');
    return style.endsWith('-') ? text : `${text}\n`;
  }

  /** A value after `key:` or `- `: inline, a block scalar, or the node on the following lines. */
  function value(rest: string | undefined, line: Line, ownIndent: number): Yaml {
    const t = rest === undefined ? '' : stripComment(rest);
    if (/^[|>]-?$/.test(t)) {
      pos++;
      return block(t, ownIndent);
    }
    pos++;
    if (t !== '') return scalar(t, line);
    const n = next();
    if (!n) return null;
    if (n.indent > ownIndent) return node(n.indent);
    // A sequence may sit at the indentation of its key.
    if (n.indent === ownIndent && /^-(\s|$)/.test(n.text)) return sequence(n.indent);
    return null;
  }

  function mapping(indent: number): Yaml {
    const out: Record<string, Yaml> = {};
    const add = (key: string, rest: string | undefined, line: Line) => {
      const k = scalar(key, line) ?? '';
      if (k in out) throw new YamlSubsetError(`line ${line.no}: duplicate key ${k}`);
      out[k] = value(rest, line, indent);
    };
    for (let n = next(); n && n.indent === indent && !/^-(\s|$)/.test(n.text); n = next()) {
      const m = KEY.exec(n.text);
      if (!m) throw new YamlSubsetError(`line ${n.no}: expected "key: value", got ${n.text}`);
      add(m[1] as string, m[2], n);
    }
    const n = next();
    if (n && n.indent > indent) throw new YamlSubsetError(`line ${n.no}: unexpected indentation`);
    return out;
  }

  function sequence(indent: number): Yaml {
    const out: Yaml[] = [];
    for (let n = next(); n && n.indent === indent && /^-(\s|$)/.test(n.text); n = next()) {
      const content = n.text.slice(1).trimStart();
      const column = indent + (n.text.length - content.length);
      if (KEY.test(content)) {
        // `- key: value` opens a mapping whose keys sit at the column of `key`.
        all[pos] = { ...n, indent: column, text: content };
        out.push(mapping(column));
      } else out.push(value(content, n, indent));
    }
    return out;
  }

  function node(indent: number): Yaml {
    const n = next();
    if (!n) return null;
    return /^-(\s|$)/.test(n.text) ? sequence(indent) : mapping(indent);
  }

  const doc = node(next()?.indent ?? 0);
  const rest = next();
  if (rest) throw new YamlSubsetError(`line ${rest.no}: unexpected content: ${rest.text}`);
  return doc;
}

/** `doc[path...]`, or undefined when a step is not a mapping or sequence. */
export function at(doc: Yaml | undefined, ...path: Array<string | number>): Yaml | undefined {
  let cur: Yaml | undefined = doc;
  for (const k of path) {
    if (cur === null || cur === undefined || typeof cur === 'string') return undefined;
    cur = Array.isArray(cur) ? (typeof k === 'number' ? cur[k] : undefined) : (cur as Record<string, Yaml>)[k];
  }
  return cur;
}
