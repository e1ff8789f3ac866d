/**
 * A value of a record or a form as text: a string as it is, a number, boolean or bigint written
 * out, null and undefined as '', anything else (an object, an array) as its JSON, never as
 * "[object Object]".
 */
export function asText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  return JSON.stringify(value) ?? '';
}
