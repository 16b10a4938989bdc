/**
 * The YAML the project writes for GitHub (action.yml, the README's workflow), read with the `yaml`
 * package under the failsafe schema: every scalar stays a string, as GitHub hands inputs and
 * environment values over, and an empty value is ''. A document `yaml` cannot parse throws.
 */
import { parse } from 'yaml';

export type Yaml = string | Yaml[] | { [key: string]: Yaml };

export function parseYaml(source: string): Yaml {
  return parse(source, { schema: 'failsafe', strict: true, uniqueKeys: true }) as Yaml;
}

/** `doc[path...]`, or undefined when a step is not a mapping or sequence. */
export function at(doc: Yaml | undefined, ...path: Array<string | number>): Yaml | undefined {
  let cur: Yaml | undefined = doc;
  for (const k of path) {
    if (cur === undefined || typeof cur === 'string') return undefined;
    cur = Array.isArray(cur) ? (typeof k === 'number' ? cur[k] : undefined) : (cur as Record<string, Yaml>)[k];
  }
  return cur;
}
