/**
 * A price as the visitor reads it best: the amount in the visitor's number format, without ".00" on a
 * whole amount ("$49.00" reads "$49", "1.299,50 €" reads "1,299.50 €" in English). The currency sign or
 * code stays as the store wrote it, where it wrote it: a "$" may be any dollar, so it is not guessed.
 * Anything that is not one amount with at most a sign or code around it ("from $20", "$10–$20",
 * "Free") is shown as given.
 */
const PRICE = /^([^\d\s.,-]{0,4})(\s?)(\d[\d.,\s\u00a0\u202f']*\d|\d)(\s?)([^\d\s.,-]{0,4})$/u;

/**
 * The amount of a written number: the last `.` or `,` followed by one or two digits is the decimal
 * mark; any other separators must group thousands.
 */
function parseAmount(written: string): number | null {
  const decimal = /[.,](\d{1,2})$/.exec(written);
  const whole = decimal ? written.slice(0, decimal.index) : written;
  if (!/^\d+$|^\d{1,3}(?:[.,\s\u00a0\u202f']\d{3})+$/.test(whole)) return null;
  return Number(`${whole.replace(/\D/g, '')}.${decimal?.[1] ?? 0}`);
}

/** `price` for display in `locale` (the browser's by default); unchanged when it is not a plain amount. */
export function displayPrice(price: string, locale?: string): string {
  const match = PRICE.exec(price.trim());
  if (!match || /[a-z]/i.test(`${match[1]}${match[5]}`.replace(/^[A-Z]{3}$/, '')) || (match[1] && match[5])) return price;
  const amount = parseAmount(match[3] ?? '');
  if (amount === null || !Number.isFinite(amount)) return price;
  const whole = Number.isInteger(amount);
  const number = new Intl.NumberFormat(locale, { minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: 2 }).format(amount);
  return `${match[1]}${match[2]}${number}${match[4]}${match[5]}`;
}
