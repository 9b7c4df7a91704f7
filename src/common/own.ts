/**
 * Reading untrusted JSON safely. `JSON.parse` builds objects on Object.prototype, so on a page that has
 * added properties to it (prototype pollution), `reply.output` could come from the page rather than
 * the reply. Every read of parsed data goes through here and sees own properties only.
 */
const hasOwnProperty = Object.prototype.hasOwnProperty;

/** The own property `key` of `value`, or undefined (never an inherited one). */
export function own(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null && hasOwnProperty.call(value, key)
    ? (value as Record<string, unknown>)[key]
    : undefined;
}

/** Is `value` a plain JSON object (not an array, not null)? */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
