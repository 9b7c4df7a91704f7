import { safeStringify } from '../common/safe-json';

/** `context.store` is at most this many bytes of JSON. */
export const MAX_STORE_CONTEXT_BYTES = 4096;

/**
 * Checks the store's own facts given to `setContext()` (an object, or JSON text of one) and copies them
 * as JSON, so later changes to the page's object do not leak into requests. As with `JSON.stringify`,
 * functions and undefined values are left out; own enumerable properties only, never a `toJSON`.
 * `{}` or null clears them.
 */
export function checkStoreContext(input: unknown): { facts: Record<string, unknown> | null } | { problem: string } {
  let text = '';
  try {
    // JSON.stringify only to refuse a cycle (or a BigInt) quickly; the copy is made without any toJSON.
    if (typeof input !== 'string') JSON.stringify(input);
    text = typeof input === 'string' ? input : safeStringify(input);
    const value: unknown = JSON.parse(text);
    if (value !== null && (typeof value !== 'object' || Array.isArray(value)))
      return { problem: 'it must be an object' };
    const size = new TextEncoder().encode(text).length;
    if (size > MAX_STORE_CONTEXT_BYTES)
      return { problem: `it is ${size} bytes of JSON, more than ${MAX_STORE_CONTEXT_BYTES}` };
    return { facts: value && Object.keys(value).length > 0 ? (value as Record<string, unknown>) : null };
  } catch {
    return { problem: 'it is not JSON (or refers to itself)' };
  }
}
