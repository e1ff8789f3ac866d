import polyglotI18nProvider from 'ra-i18n-polyglot';
import { resolveBrowserLocale, type I18nProvider } from 'react-admin';
import { consoleMessages, type ConsoleLanguage } from './language';
import { ar } from './locales/ar';
import { de } from './locales/de';
import { en } from './locales/en';
import { es } from './locales/es';
import { fr } from './locales/fr';
import { hk } from './locales/hk';
import { it } from './locales/it';
import { ja } from './locales/ja';
import { ko } from './locales/ko';
import { th } from './locales/th';
import { zh } from './locales/zh';

/**
 * Languages of the console, in the order of the user app's (spec section 1): a language is one file
 * in locales/ (a ConsoleLanguage: the types hold it to English's keys), listed here.
 */
export const LANGUAGES: Record<string, ConsoleLanguage> = { en, zh, hk, ja, ko, de, fr, it, es, ar, th };

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

const polyglot = polyglotI18nProvider(
  (locale) => MESSAGES[locale] ?? MESSAGES.en,
  // The choice in the app bar is remembered (react-admin's store).
  browserLanguage(),
  Object.entries(LANGUAGES).map(([locale, language]) => ({ locale, name: language.name })),
  { allowMissing: true },
);

const listeners = new Set<(locale: string) => void>();

/** Calls `listener` with each language the console changes to; answers how to stop. */
export function onLocaleChange(listener: (locale: string) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * react-admin changes the language through the provider (from the app bar, and at start to the
 * one its store remembered): the page's direction and the API's language follow from here.
 */
export const i18nProvider: I18nProvider = {
  ...polyglot,
  changeLocale: async (locale, options) => {
    await polyglot.changeLocale(locale, options);
    for (const listener of listeners) listener(locale);
  },
};
