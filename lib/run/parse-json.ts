/**
 * A body parsed as JSON, in a module of its own: the model's thread (lib/certify/model-thread.ts)
 * parses its models' answers without loading the HTTP client (undici: about 0.2 CPU-s to load).
 */

/** Parse a body as JSON, tolerating a UTF-8 BOM; never throws. */
export function parseJson(text: string): { value: unknown; error?: string } {
  const t = text.replace(/^\uFEFF/, '');
  if (!t.trim()) return { value: undefined, error: 'the body is empty' };
  try {
    return { value: JSON.parse(t) };
  } catch (e) {
    return { value: undefined, error: `the body is not JSON (${(e as Error).message})` };
  }
}
