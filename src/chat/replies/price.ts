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

/**
 * Number formats by locale and by whether the amount is whole. Making one is costly (a phone spends
 * several milliseconds loading the locale's data), and a conversation can show hundreds of prices.
 */
const formats = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string | undefined, whole: boolean): Intl.NumberFormat {
  const key = `${locale ?? ''}|${whole}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: 2 });
    formats.set(key, format);
  }
  return format;
}

/**
 * Steps that make the browser's number formats before the first price needs them, each short enough for
 * an idle moment. The first number format a page makes loads the browser's locale data: 38–65 ms in one
 * piece on a phone's CPU, which the first reply with product cards would otherwise pay in its task. A
 * collator made first loads about half of that data, and the number formats then take the rest.
 */
export function numberFormatSteps(locale?: string): Array<() => void> {
  return [
    () => void new Intl.Collator(locale).compare('a', 'b'),
    () => {
      numberFormat(locale, true).format(1);
      numberFormat(locale, false).format(1.5);
    },
  ];
}

/** `price` for display in `locale` (the browser's by default); unchanged when it is not a plain amount. */
export function displayPrice(price: string, locale?: string): string {
  const match = PRICE.exec(price.trim());
  if (!match || /[a-z]/i.test(`${match[1]}${match[5]}`.replace(/^[A-Z]{3}$/, '')) || (match[1] && match[5]))
    return price;
  const amount = parseAmount(match[3] ?? '');
  if (amount === null || !Number.isFinite(amount)) return price;
  const whole = Number.isInteger(amount);
  const number = numberFormat(locale, whole).format(amount);
  return `${match[1]}${match[2]}${number}${match[4]}${match[5]}`;
}
