import type { Language } from './translator';

/** The Intl locale of each of our languages (hk and zh are our codes for zh-HK and zh-CN). */
const INTL_LOCALE: Record<Language, string> = {
  en: 'en',
  zh: 'zh-CN',
  hk: 'zh-HK',
  ja: 'ja',
  ko: 'ko',
  de: 'de',
  fr: 'fr',
  it: 'it',
  es: 'es',
  ar: 'ar',
  th: 'th',
};

interface LocaleNumbers {
  /** Whole numbers, grouped as the language groups them. */
  integer: Intl.NumberFormat;
  decimal: string;
  /** The language's digits 0 to 9 (Latin in each of ours today; kept in step should one change). */
  digits: string[];
  /** A negative figure as the language writes it, `#` for the figure (Arabic marks the sign LTR). */
  negative: string;
}

const formats = new Map<Language, LocaleNumbers>();

function numbers(language: Language): LocaleNumbers {
  let f = formats.get(language);
  if (!f) {
    const locale = INTL_LOCALE[language] ?? 'en';
    const integer = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    const decimal =
      new Intl.NumberFormat(locale, { minimumFractionDigits: 1 })
        .formatToParts(1.5)
        .find((p) => p.type === 'decimal')?.value ?? '.';
    const plain = new Intl.NumberFormat(locale, { useGrouping: false });
    const digits = Array.from({ length: 10 }, (_, d) => plain.format(d));
    const negative = integer
      .formatToParts(-1n)
      .map((p) => (p.type === 'integer' ? '#' : p.value))
      .join('');
    f = { integer, decimal, digits, negative };
    formats.set(language, f);
  }
  return f;
}

const DECIMAL = /^([-+]?)(\d+)(?:\.(\d*))?$/;

/**
 * A decimal string (an amount as the ledger keeps it) as the reader's language writes it: grouped
 * ("5,000" in English, "5.000" in German, "5 000" in French) with every decimal it has, trailing
 * zeros dropped. Never through a JS number: the whole part is a BigInt, the decimals are copied
 * digit by digit, so 18 decimals and 30-digit amounts stay exact. Anything else comes back as given.
 */
export function formatAmount(language: Language, value: string): string {
  const match = DECIMAL.exec(value.trim());
  if (!match) return value;
  const [, sign, whole, fraction = ''] = match;
  const f = numbers(language);
  const decimals = fraction.replace(/0+$/, '');
  const magnitude = BigInt(whole);
  const figure = decimals
    ? `${f.integer.format(magnitude)}${f.decimal}${decimals.replace(/\d/g, (d) => f.digits[Number(d)])}`
    : f.integer.format(magnitude);
  const negative = sign === '-' && (magnitude > 0n || decimals !== '');
  return negative ? f.negative.replace('#', figure) : figure;
}

/**
 * Placeholders that hold an amount (a decimal string: a balance, a price, a quantity) in every text
 * of the catalogue, notifications and errors alike.
 */
const AMOUNT_PLACEHOLDERS: ReadonlySet<string> = new Set(['amount', 'tick', 'lot']);

/**
 * Placeholders whose names other texts use for a count (`{limit}` API keys, `{max}` days, `{min}`):
 * amounts only in these texts. A new text with an amount under such a name is added here
 * (amount-format.spec checks that every placeholder of the catalogue is sorted).
 */
const AMOUNT_PLACEHOLDERS_OF: Readonly<Record<string, readonly string[]>> = {
  'validation.belowMinDeposit': ['limit'],
  'validation.belowMinWithdrawal': ['limit'],
  'validation.loanAboveCap': ['limit'],
  'validation.maxBelowMin': ['min'],
  'validation.minAboveMax': ['max'],
};

/** Whether the placeholder `name` of the text `key` holds an amount. */
export function isAmountPlaceholder(key: string, name: string): boolean {
  return AMOUNT_PLACEHOLDERS.has(name) || (AMOUNT_PLACEHOLDERS_OF[key]?.includes(name) ?? false);
}

/**
 * The parameters of the text `key` with its amounts written the reader's way ("5,000" / "5.000");
 * counts, codes, ids, dates and names as given. `translate` does this: callers pass raw values.
 */
export function localizeAmounts(
  language: Language,
  key: string,
  params: Record<string, string | number>,
): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params)) {
    out[name] = isAmountPlaceholder(key, name) ? formatAmount(language, String(value)) : value;
  }
  return out;
}
