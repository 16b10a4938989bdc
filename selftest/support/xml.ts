/**
 * XML for the self-tests (JUnit reports), read with saxes, a conformant XML 1.0 parser: any
 * well-formedness error (unclosed or crossed tags, duplicate or unquoted attributes, undefined
 * entities, characters XML forbids, text outside the root) throws. Returns the element tree, so
 * tests can read what the report says.
 */
import { SaxesParser } from 'saxes';

interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
}

export function parseXml(doc: string): XmlElement {
  const parser = new SaxesParser();
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  parser.on('error', (e) => {
    throw e;
  });
  parser.on('opentag', (tag) => {
    const el: XmlElement = {
      name: tag.name,
      attrs: { ...(tag.attributes as Record<string, string>) },
      children: [],
      text: '',
    };
    const parent = stack.at(-1);
    if (parent) parent.children.push(el);
    else root = el;
    if (!tag.isSelfClosing) stack.push(el);
  });
  parser.on('closetag', (tag) => {
    if (!tag.isSelfClosing) stack.pop();
  });
  const text = (t: string) => {
    const el = stack.at(-1);
    if (el) el.text += t;
  };
  parser.on('text', text);
  parser.on('cdata', text);
  parser.write(doc).close();
  if (!root) throw new Error('no root element');
  return root;
}
export function findAll(el: XmlElement, name: string): XmlElement[] {
  return [...(el.name === name ? [el] : []), ...el.children.flatMap((c) => findAll(c, name))];
}
