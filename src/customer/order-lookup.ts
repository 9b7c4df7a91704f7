/** A guest's order lookup: the order's number and the email it was placed with, for the workflow to check. */
export interface OrderLookup {
  number: string;
  email: string;
}

/** Which field of the lookup form is wrong. */
export interface OrderLookupProblems {
  number?: true;
  email?: true;
}

export const MAX_LOOKUP_NUMBER_LENGTH = 40;
const ORDER_NUMBER = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The lookup form's fields, checked before anything is sent: an order number (a leading `#` and spaces
 * dropped, letters, digits and `-._/`, at most 40) and an email address.
 */
export function checkOrderLookup(
  number: string,
  email: string,
): { lookup: OrderLookup } | { problems: OrderLookupProblems } {
  const cleanNumber = number.trim().replace(/^#\s*/, '');
  const cleanEmail = email.trim();
  const problems: OrderLookupProblems = {};
  if (!ORDER_NUMBER.test(cleanNumber) || cleanNumber.length > MAX_LOOKUP_NUMBER_LENGTH) problems.number = true;
  if (!EMAIL.test(cleanEmail) || cleanEmail.length > 254) problems.email = true;
  if (problems.number || problems.email) return { problems };
  return { lookup: { number: cleanNumber, email: cleanEmail } };
}
