/**
 * A small XML 1.0 well-formedness parser for the self-tests (no XML library is a dependency):
 * one root element, properly nested and closed tags, quoted attributes without duplicates or `<`,
 * only the five predefined entities and numeric references, no characters XML forbids. Returns the
 * element tree, so tests can read what the report says.
 */
export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const NAME = /^[A-Za-z_:][-A-Za-z0-9_:.]*/;
const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decode(s: string, where: number): string {
  return s.replace(/&([^;]*);?/g, (m, body: string) => {
    if (!m.endsWith(';')) throw new Error(`bare & at ${where}`);
    if (body in ENTITIES) return ENTITIES[body]!;
    const num = /^#(x[0-9a-fA-F]+|[0-9]+)$/.exec(body);
    if (!num) throw new Error(`unknown entity &${body}; at ${where}`);
    return String.fromCodePoint(
      Number.parseInt(num[1]!.startsWith('x') ? num[1]!.slice(1) : num[1]!, num[1]!.startsWith('x') ? 16 : 10),
    );
  });
}

export function parseXml(doc: string): XmlElement {
  const bad = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/.exec(doc);
  if (bad) throw new Error(`forbidden character U+${bad[0].charCodeAt(0).toString(16)} at ${bad.index}`);
  let i = 0;
  const skipWs = () => {
    while (i < doc.length && /\s/.test(doc[i]!)) i++;
  };
  if (doc.startsWith('<?xml')) {
    const end = doc.indexOf('?>');
    if (end < 0) throw new Error('unterminated XML declaration');
    i = end + 2;
  }
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  skipWs();
  while (i < doc.length) {
    if (doc.startsWith('<!--', i)) {
      const end = doc.indexOf('-->', i);
      if (end < 0) throw new Error(`unterminated comment at ${i}`);
      i = end + 3;
    } else if (doc.startsWith('<![CDATA[', i)) {
      const end = doc.indexOf(']]>', i);
      if (end < 0 || !stack.length) throw new Error(`bad CDATA at ${i}`);
      stack.at(-1)!.text += doc.slice(i + 9, end);
      i = end + 3;
    } else if (doc.startsWith('</', i)) {
      const m = NAME.exec(doc.slice(i + 2));
      const open = stack.pop();
      if (!m || !open || open.name !== m[0]) throw new Error(`mismatched close tag at ${i}: ${doc.slice(i, i + 40)}`);
      i += 2 + m[0].length;
      skipWs();
      if (doc[i] !== '>') throw new Error(`bad close tag at ${i}`);
      i++;
    } else if (doc[i] === '<') {
      const m = NAME.exec(doc.slice(i + 1));
      if (!m) throw new Error(`bad tag at ${i}: ${doc.slice(i, i + 40)}`);
      if (!stack.length && root) throw new Error(`second root element at ${i}`);
      const el: XmlElement = { name: m[0], attrs: {}, children: [], text: '' };
      i += 1 + m[0].length;
      for (;;) {
        const before = i;
        skipWs();
        if (doc.startsWith('/>', i)) {
          i += 2;
          break;
        }
        if (doc[i] === '>') {
          i++;
          stack.push(el);
          break;
        }
        if (before === i) throw new Error(`attribute without white space before it at ${i}`);
        const a = NAME.exec(doc.slice(i));
        if (!a) throw new Error(`bad attribute at ${i}: ${doc.slice(i, i + 40)}`);
        i += a[0].length;
        skipWs();
        if (doc[i] !== '=') throw new Error(`attribute without = at ${i}`);
        i++;
        skipWs();
        const q = doc[i];
        if (q !== '"' && q !== "'") throw new Error(`unquoted attribute at ${i}`);
        const end = doc.indexOf(q, i + 1);
        if (end < 0) throw new Error(`unterminated attribute at ${i}`);
        const raw = doc.slice(i + 1, end);
        if (raw.includes('<')) throw new Error(`< in attribute at ${i}`);
        if (a[0] in el.attrs) throw new Error(`duplicate attribute ${a[0]} at ${i}`);
        el.attrs[a[0]] = decode(raw, i);
        i = end + 1;
      }
      const parent = stack.at(el === stack.at(-1) ? -2 : -1);
      if (parent) parent.children.push(el);
      else root = el;
    } else {
      const end = doc.indexOf('<', i);
      const raw = doc.slice(i, end < 0 ? doc.length : end);
      if (!stack.length) {
        if (raw.trim()) throw new Error(`text outside the root element at ${i}`);
      } else {
        if (raw.includes(']]>')) throw new Error(`]]> in text at ${i}`);
        stack.at(-1)!.text += decode(raw, i);
      }
      i = end < 0 ? doc.length : end;
    }
  }
  if (stack.length) throw new Error(`unclosed element ${stack.at(-1)!.name}`);
  if (!root) throw new Error('no root element');
  return root;
}

export function findAll(el: XmlElement, name: string): XmlElement[] {
  return [...(el.name === name ? [el] : []), ...el.children.flatMap((c) => findAll(c, name))];
}
