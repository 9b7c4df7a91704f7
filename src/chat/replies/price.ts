/**
 * Prices as the visitor reads them, one format everywhere (the card, the cart strip, the proposals, a
 * call's cards): the browser's currency format in the visitor's language, with the currency's own
 * number of decimals ("$64.00", "¥1,200", Arabic "US$ 64.00"). A written price ("64.00 USD", "€29,90",
 * "$64") is read back to its amount and currency first. A sign that could be several currencies ("$")
 * is only taken for the currency of the store's cart when that is known, never guessed; without it the
 * amount is shown in the visitor's number format with the sign where the store wrote it. Anything that
 * is not one amount with at most a sign or code around it ("from $20", "$10–$20", "Free") is shown as given.
 */
const PRICE = /^([^\d\s.,-]{0,4})(\s?)(\d[\d.,\s\u00a0\u202f']*\d|\d)(\s?)([^\d\s.,-]{0,4})$/u;

/** Signs that name one currency wherever they are written. */
const ONE_CURRENCY_SIGNS: Readonly<Record<string, string>> = {
  '€': 'EUR',
  '£': 'GBP',
  '₹': 'INR',
  '₩': 'KRW',
  '₺': 'TRY',
  '₽': 'RUB',
  '₪': 'ILS',
  '₫': 'VND',
  '฿': 'THB',
  '₱': 'PHP',
};

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
 * Number formats by locale and options. Making one is costly (a phone spends several milliseconds
 * loading the locale's data), and a conversation can show hundreds of prices.
 */
const formats = new Map<string, Intl.NumberFormat | null>();

function cachedFormat(locale: string | undefined, options: Intl.NumberFormatOptions): Intl.NumberFormat | null {
  const key = `${locale ?? ''}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (format === undefined) {
    try {
      format = new Intl.NumberFormat(locale, options);
    } catch {
      // an unknown currency code or locale
      format = null;
    }
    formats.set(key, format);
  }
  return format;
}

function numberFormat(locale: string | undefined, whole: boolean): Intl.NumberFormat {
  const format = cachedFormat(locale, { minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: 2 });
  return format ?? (cachedFormat(undefined, { maximumFractionDigits: 2 }) as Intl.NumberFormat);
}

/**
 * `amount` of `currency` (an ISO 4217 code) in `locale`: the one price format of the widget. Null when
 * the currency is unknown to the browser or the amount is not a finite number.
 */
export function formatMoney(amount: number, currency: string, locale?: string): string | null {
  if (!Number.isFinite(amount) || !/^[A-Z]{3}$/.test(currency)) return null;
  return cachedFormat(locale, { style: 'currency', currency })?.format(amount) ?? null;
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

/** The currency a written sign stands for: a code as it is, a one-currency sign, or `hint` when it is written so. */
function currencyOf(sign: string, locale: string | undefined, hint: string | undefined): string | null {
  if (/^[A-Z]{3}$/.test(sign)) return sign;
  const known = ONE_CURRENCY_SIGNS[sign];
  if (known) return known;
  if (!hint || !/^[A-Z]{3}$/.test(hint)) return null;
  const signs = [locale, 'en'].flatMap((each) =>
    (['symbol', 'narrowSymbol'] as const).map(
      (display) =>
        cachedFormat(each, { style: 'currency', currency: hint, currencyDisplay: display })
          ?.formatToParts(1)
          .find((part) => part.type === 'currency')?.value,
    ),
  );
  return signs.includes(sign) ? hint : null;
}

/**
 * `price` for display in `locale` (the browser's by default). `currency` is the store's currency when
 * known (its cart's): a "$" is read as that currency only when it writes it so.
 */
export function displayPrice(price: string, locale?: string, currency?: string): string {
  const match = PRICE.exec(price.trim());
  if (!match) return price;
  const [, before = '', space = '', written = '', spaceAfter = '', after = ''] = match;
  const amount = before && after ? null : parseAmount(written);
  if (amount === null || !Number.isFinite(amount)) return price;
  const code = before || after ? currencyOf(before || after, locale, currency) : null;
  const money = code === null ? null : formatMoney(amount, code, locale);
  if (money !== null) return money;
  // Words around a number ("12 pcs") are not a price.
  if (/[a-z]/i.test(`${before}${after}`)) return price;
  // An unknown sign (or none): the amount in the visitor's digits, with its decimals as written.
  const number = numberFormat(locale, !/[.,]\d{1,2}$/.test(written)).format(amount);
  return `${before}${space}${number}${spaceAfter}${after}`;
}
