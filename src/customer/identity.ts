import { isJsonObject, own } from '../common/own';

/**
 * Who the store's server says is signed in. The widget never trusts it: it carries it to the workflow,
 * which checks `signature` (an HMAC-SHA256 of `id` with the store's secret, or a short-lived JWT)
 * before it answers with anything of the shopper's.
 */
export interface CustomerIdentity {
  id: string;
  email?: string;
  name?: string;
  signature: string;
}

/** The `customer-*` attributes as given, each null when absent. */
export interface CustomerAttributes {
  id: string | null;
  email: string | null;
  name: string | null;
  signature: string | null;
}

export const NO_CUSTOMER_ATTRIBUTES: CustomerAttributes = { id: null, email: null, name: null, signature: null };

export const MAX_CUSTOMER_ID_LENGTH = 200;
/** The longest address RFC 5321 lets through. */
export const MAX_CUSTOMER_EMAIL_LENGTH = 254;
export const MAX_CUSTOMER_NAME_LENGTH = 120;
/** A JWT with a few claims fits with room to spare; a hex or base64 HMAC is far shorter. */
export const MAX_SIGNATURE_LENGTH = 4_096;

const CONTROL = /[\u0000-\u001f\u007f]/;
/** Hex, base64, base64url and the dots of a JWT: nothing else appears in a signature. */
const SIGNATURE = /^[A-Za-z0-9+/=_.-]+$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A field of an identity: a string within `max` characters and without control characters. */
function field(value: unknown, max: number): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  return text && text.length <= max && !CONTROL.test(text) ? text : undefined;
}

export function checkCustomerId(value: unknown): string | undefined {
  return field(value, MAX_CUSTOMER_ID_LENGTH);
}

export function checkCustomerEmail(value: unknown): string | undefined {
  const email = field(value, MAX_CUSTOMER_EMAIL_LENGTH);
  return email && EMAIL.test(email) ? email : undefined;
}

export function checkCustomerName(value: unknown): string | undefined {
  return field(value, MAX_CUSTOMER_NAME_LENGTH);
}

export function checkSignature(value: unknown): string | undefined {
  const signature = field(value, MAX_SIGNATURE_LENGTH);
  return signature && SIGNATURE.test(signature) ? signature : undefined;
}

/**
 * `identify()`'s argument: `{ id, email?, name?, signature }`, or null to sign out. An id or signature
 * that is missing or malformed makes it a problem, so a page's mistake never sends half an identity;
 * an invalid email or name is a problem too, rather than silently left out.
 */
export function checkIdentity(raw: unknown): { identity: CustomerIdentity | null } | { problem: string } {
  if (raw === null || raw === undefined) return { identity: null };
  if (!isJsonObject(raw)) return { problem: 'must be an object { id, email?, name?, signature } or null' };
  const id = checkCustomerId(own(raw, 'id'));
  const signature = checkSignature(own(raw, 'signature'));
  if (!id) return { problem: `needs an id of at most ${MAX_CUSTOMER_ID_LENGTH} characters` };
  if (!signature) return { problem: 'needs the signature the store signed the id with (hex, base64 or a JWT)' };
  const identity: CustomerIdentity = { id, signature };
  for (const [key, check] of [
    ['email', checkCustomerEmail],
    ['name', checkCustomerName],
  ] as const) {
    const value = own(raw, key);
    if (value === undefined || value === null || value === '') continue;
    const checked = check(value);
    if (checked === undefined) return { problem: `has an invalid ${key}` };
    identity[key] = checked;
  }
  return { identity };
}

/** The identity the `customer-*` attributes give: none without both an id and a signature. */
export function identityFromAttributes(attributes: CustomerAttributes): CustomerIdentity | null {
  const { id, signature, email, name } = attributes;
  if (!id || !signature) return null;
  return { id, signature, ...(email ? { email } : {}), ...(name ? { name } : {}) };
}

/** Is the identity the same shopper? (A fresh signature for the same id is the same shopper.) */
export function sameShopper(a: CustomerIdentity | null, b: CustomerIdentity | null): boolean {
  return (a?.id ?? null) === (b?.id ?? null);
}

/**
 * A short mark of a shopper's id, kept beside the saved conversations to learn, on the next page, that
 * someone else is signed in now (or no one). A hash rather than the id itself: storage holds no
 * personal data for it. Not a secret and not a check of anything: cyrb53, 53 bits, as hex.
 */
export function shopperMark(id: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let index = 0; index < id.length; index++) {
    const code = id.charCodeAt(index);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16);
}

/** What a message carries as `context.customer`: the identity as given, for the workflow to check. */
export function customerContext(identity: CustomerIdentity): Record<string, string> {
  const { id, email, name, signature } = identity;
  return { id, ...(email ? { email } : {}), ...(name ? { name } : {}), signature };
}
