import { useLocaleState } from 'react-admin';

/**
 * The Intl locale for dates and times in a console language. Arabic keeps Latin digits and Thai the
 * Gregorian calendar, as the amounts and the API's UTC days beside them are written.
 */
const INTL_LOCALES: Record<string, string> = {
  en: 'en-GB',
  zh: 'zh-CN',
  hk: 'zh-HK',
  ja: 'ja-JP',
  ko: 'ko-KR',
  de: 'de-DE',
  fr: 'fr-FR',
  it: 'it-IT',
  es: 'es-ES',
  ar: 'ar-u-nu-latn',
  th: 'th-TH-u-ca-gregory',
};

export const intlLocale = (locale: string): string => INTL_LOCALES[locale] ?? 'en-GB';

/** The page's `lang` for a console language (hk is not a language tag), as the user app sets it. */
export const htmlLang = (locale: string): string =>
  locale === 'hk' ? 'zh-HK' : locale === 'zh' ? 'zh-CN' : locale;

/** The Intl locale of the console's current language. */
export function useIntlLocale(): string {
  const [locale] = useLocaleState();
  return intlLocale(locale);
}

/** Left-to-right isolate around the zone: in Arabic, "UTC-4" stays "UTC-4" after the date. */
const LRI = '\u2066';
const PDI = '\u2069';

/**
 * The browser's time zone at a moment, as its offset from UTC ("UTC", "UTC+1", "UTC+5:30",
 * "UTC-4"): written the same in every language, summer time included (the offset of that day).
 */
export function utcOffset(date: Date): string {
  const minutes = -date.getTimezoneOffset();
  if (minutes === 0) return 'UTC';
  const hours = Math.floor(Math.abs(minutes) / 60);
  const rest = Math.abs(minutes) % 60;
  return `UTC${minutes > 0 ? '+' : '-'}${hours}${rest ? `:${String(rest).padStart(2, '0')}` : ''}`;
}

/**
 * A moment as the console writes it everywhere (lists, details, panels): date and time in the
 * console's language and the browser's zone, followed by that zone ("28/11/2026, 16:22:47 UTC+1").
 * `time` writes the time of day only ("16:22:47 UTC+1"). Not a time: the value as it is.
 */
export function formatTime(value: Date | string | number, locale: string, only?: 'time'): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  const intl = intlLocale(locale);
  const text = only === 'time' ? date.toLocaleTimeString(intl) : date.toLocaleString(intl);
  return `${text} ${LRI}${utcOffset(date)}${PDI}`;
}

/** formatTime in the console's current language. */
export function useFormatTime(): (value: Date | string | number, only?: 'time') => string {
  const [locale] = useLocaleState();
  return (value, only) => formatTime(value, locale, only);
}
