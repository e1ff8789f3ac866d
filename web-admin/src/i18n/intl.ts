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
