import polyglotI18nProvider from 'ra-i18n-polyglot';
import { resolveBrowserLocale } from 'react-admin';
import { consoleMessages, type ConsoleLanguage } from './language';
import { en } from './locales/en';
import { zh } from './locales/zh';

/**
 * Languages of the console, in the order of the user app's (spec section 1): a language is one file
 * in locales/ (a ConsoleLanguage: the types hold it to English's keys), listed here.
 */
export const LANGUAGES: Record<string, ConsoleLanguage> = { en, zh };

const MESSAGES = Object.fromEntries(
  Object.entries(LANGUAGES).map(([code, language]) => [code, consoleMessages(language)]),
);

/** The browser's language when the console has it (traditional Chinese is hk, as in the user app). */
function browserLanguage(): string {
  const tag = typeof navigator === 'undefined' ? '' : navigator.language.toLowerCase();
  if (/^zh-(tw|hk|mo|hant)/.test(tag) && MESSAGES.hk) return 'hk';
  const code = resolveBrowserLocale('en');
  return MESSAGES[code] ? code : 'en';
}

/** Whether a language is written right to left. */
export const isRtl = (locale: string) => LANGUAGES[locale]?.rtl === true;

export const i18nProvider = polyglotI18nProvider(
  (locale) => MESSAGES[locale] ?? MESSAGES.en,
  // The choice in the app bar is remembered (react-admin's store).
  browserLanguage(),
  Object.entries(LANGUAGES).map(([locale, language]) => ({ locale, name: language.name })),
  { allowMissing: true },
);
