/**
 * The start of a value's JSON text, written only as far as it is read: the model's excerpts
 * (judge.ts) show an answer's first characters, and an answer's whole text is most of the cost of
 * an excerpt. Pure.
 */

/** Thrown inside the walk when a value is not plain data: the text is then JSON.stringify's, whole. */
const NOT_PLAIN = Symbol('not plain');
const MAX_DEPTH = 200;

const skipped = (x: unknown) => x === undefined || typeof x === 'function' || typeof x === 'symbol';

class Prefix {
  readonly parts: string[] = [];
  length = 0;
  constructor(private readonly limit: number) {}

  get full(): boolean {
    return this.length > this.limit;
  }

  put(s: string): void {
    this.parts.push(s);
    this.length += s.length;
  }

  /** Writes `v` (not a skipped value) until the text is longer than the limit. */
  value(v: unknown, depth: number): void {
    if (v === null || typeof v === 'string' || typeof v === 'boolean' || typeof v === 'number') {
      this.put(JSON.stringify(v));
      return;
    }
    if (typeof v !== 'object' || depth > MAX_DEPTH) throw NOT_PLAIN;
    if (Array.isArray(v)) {
      if (Object.getPrototypeOf(v) !== Array.prototype) throw NOT_PLAIN;
      this.put('[');
      for (let i = 0; i < v.length && !this.full; i++) {
        if (i) this.put(',');
        const x = v[i];
        if (skipped(x)) this.put('null');
        else this.value(x, depth + 1);
      }
      this.put(']');
      return;
    }
    const proto = Object.getPrototypeOf(v);
    if ((proto !== Object.prototype && proto !== null) || typeof (v as { toJSON?: unknown }).toJSON === 'function')
      throw NOT_PLAIN;
    this.put('{');
    let first = true;
    for (const k of Object.keys(v)) {
      if (this.full) break;
      const x = (v as Record<string, unknown>)[k];
      if (skipped(x)) continue;
      this.put(first ? `${JSON.stringify(k)}:` : `,${JSON.stringify(k)}:`);
      first = false;
      this.value(x, depth + 1);
    }
    this.put('}');
  }
}

/**
 * JSON.stringify(v) when it is at most `limit` characters long; else a text longer than `limit`
 * whose first `limit` characters are JSON.stringify(v)'s. Plain data only is written in part
 * (objects of Object.prototype or none, arrays, strings, numbers, booleans, null); anything else
 * (a toJSON, a Date, a class instance, a BigInt, a cycle) gets JSON.stringify's whole text, or its error.
 */
export function jsonPrefix(v: unknown, limit: number): string | undefined {
  if (!skipped(v)) {
    const p = new Prefix(limit);
    try {
      p.value(v, 0);
      return p.parts.join('');
    } catch (e) {
      if (e !== NOT_PLAIN) throw e;
    }
  }
  return JSON.stringify(v);
}
