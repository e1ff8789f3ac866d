import { RTL_LANGUAGES } from '../i18n/languages';
import { dec, isDecimal, sign, toFixed } from './decimal';

/** Digits grouped by thousands: 72944 -> 72,944. */
const groupThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** Amounts arrive as decimal strings; they are displayed as they are, grouped, never through float math. */
export function formatAmount(value: string | number | null | undefined, maxDecimals = 8): string {
  if (value === null || value === undefined || value === '') return '—';
  const text = String(value);
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return text;
  const [, sign, int, frac = ''] = match;
  const grouped = groupThousands(int);
  const trimmed = frac.slice(0, maxDecimals).replace(/0+$/, '');
  return `${sign}${grouped}${trimmed ? `.${trimmed}` : ''}`;
}

/**
 * A movement's amount with its sign: "+200" for money in beside "-121.2" for money out (zero, what
 * shows as zero and what is not a number as formatAmount shows them). Put it in a left-to-right
 * element (`dir="ltr"`) so that the sign stays on the left of the number in a right-to-left language.
 */
export function formatSignedAmount(value: string | null | undefined, maxDecimals = 8): string {
  const text = formatAmount(value, maxDecimals);
  return value && isDecimal(value) && sign(dec(value)) > 0 && /[1-9]/.test(text) ? `+${text}` : text;
}

/**
 * An amount with every decimal it has, grouped: what a confirmation shows of the amount typed and
 * of the server's figures (formatAmount cuts at 8 decimals; the server keeps 18).
 */
export function formatExact(value: string | null | undefined): string {
  return formatAmount(value, Number.POSITIVE_INFINITY);
}

/** The Intl locale of an interface language (hk and zh are the app's codes for zh-HK and zh-CN). */
const intlLocale = (lang: string) => (lang === 'hk' ? 'zh-HK' : lang === 'zh' ? 'zh-CN' : lang);

export function formatDate(value: string | null | undefined, lang: string): string {
  if (!value) return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleString(intlLocale(lang), { dateStyle: 'medium', timeStyle: 'short' });
}

/**
 * A time as its date and its hour apart ("Nov 28, 2026" and "8:27 PM"), for a narrow column that puts
 * the hour under the date; null when there is no valid time.
 */
export function formatDateParts(value: string | null | undefined, lang: string): [string, string] | null {
  if (!value) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  const locale = intlLocale(lang);
  return [
    date.toLocaleDateString(locale, { dateStyle: 'medium' }),
    date.toLocaleTimeString(locale, { timeStyle: 'short' }),
  ];
}

/**
 * A leverage: "10×", the figure in the language's digits (as dates are). In a right-to-left language
 * it is isolated left to right, so that it reads "10×" there too: bare, the × took the right-to-left
 * side and Arabic read "×10". Plain text (an isolate, not an element), so it also fits an <option>.
 */
export function formatLeverage(value: number, lang: string): string {
  const text = `${new Intl.NumberFormat(intlLocale(lang)).format(value)}×`;
  return RTL_LANGUAGES.has(lang) ? `\u2066${text}\u2069` : text;
}

/**
 * A price with exactly the instrument's (or pair's) decimals, grouped: 72,944.70 beside 72,799.25
 * (formatAmount would show 72,944.7). Without a known precision it is formatAmount.
 */
export function formatPrice(
  value: string | number | null | undefined,
  places: number | null | undefined,
): string {
  if (value === null || value === undefined || value === '') return '—';
  const text = String(value);
  if (places === null || places === undefined || places < 0 || !isDecimal(text)) return formatAmount(text);
  const [int, frac] = toFixed(dec(text), places).split('.');
  const negative = int.startsWith('-');
  const grouped = groupThousands(negative ? int.slice(1) : int);
  return `${negative ? '-' : ''}${grouped}${frac ? `.${frac}` : ''}`;
}
