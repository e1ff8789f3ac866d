import polyglotI18nProvider from 'ra-i18n-polyglot';
import { resolveBrowserLocale, type I18nProvider } from 'react-admin';
import { consoleMessages, type ConsoleLanguage } from './language';
import { en } from './locales/en';

/**
 * Languages of the console, in the order of the user app's (spec section 1), each named in itself
 * as its file in locales/ names it (a ConsoleLanguage: the types hold it to English's keys). English
 * is in the console's main script; another language's file is loaded when the console starts in it
 * or the admin picks it (a script of its own, fetched once).
 */
export const LANGUAGES = [
  { locale: 'en', name: 'English' },
  { locale: 'zh', name: '简体中文' },
  { locale: 'hk', name: '繁體中文' },
  { locale: 'ja', name: '日本語' },
  { locale: 'ko', name: '한국어' },
  { locale: 'de', name: 'Deutsch' },
  { locale: 'fr', name: 'Français' },
  { locale: 'it', name: 'Italiano' },
  { locale: 'es', name: 'Español' },
  { locale: 'ar', name: 'العربية' },
  { locale: 'th', name: 'ไทย' },
];

/** Each language but English, loaded on demand (one chunk each). */
const LOADERS: Record<string, () => Promise<ConsoleLanguage>> = {
  zh: () => import('./locales/zh').then((m) => m.zh),
  hk: () => import('./locales/hk').then((m) => m.hk),
  ja: () => import('./locales/ja').then((m) => m.ja),
  ko: () => import('./locales/ko').then((m) => m.ko),
  de: () => import('./locales/de').then((m) => m.de),
  fr: () => import('./locales/fr').then((m) => m.fr),
  it: () => import('./locales/it').then((m) => m.it),
  es: () => import('./locales/es').then((m) => m.es),
  ar: () => import('./locales/ar').then((m) => m.ar),
  th: () => import('./locales/th').then((m) => m.th),
};

type Messages = ReturnType<typeof consoleMessages>;

/** The messages of the languages loaded so far. */
const MESSAGES: Record<string, Messages> = { en: consoleMessages(en) };
const loading: Record<string, Promise<Messages>> = {};

const known = (code: unknown): code is string =>
  typeof code === 'string' && LANGUAGES.some((language) => language.locale === code);

/** A language's messages, loaded once (a failed load is tried again the next time). */
function loadMessages(code: string): Promise<Messages> {
  if (MESSAGES[code]) return Promise.resolve(MESSAGES[code]);
  if (!LOADERS[code]) return Promise.resolve(MESSAGES.en);
  loading[code] ??= LOADERS[code]().then(
    (language) => (MESSAGES[code] = consoleMessages(language)),
    (error: unknown) => {
      delete loading[code];
      throw error;
    },
  );
  return loading[code];
}

/** The browser's language when the console has it (traditional Chinese is hk, as in the user app). */
function browserLanguage(): string {
  const tag = typeof navigator === 'undefined' ? '' : navigator.language.toLowerCase();
  if (/^zh-(tw|hk|mo|hant)/.test(tag)) return 'hk';
  const code = resolveBrowserLocale('en');
  return known(code) ? code : 'en';
}

/** The language chosen in the app bar, as react-admin's store remembers it (its key in localStorage). */
function savedLanguage(): string | undefined {
  try {
    const saved: unknown = JSON.parse(localStorage.getItem('RaStore.locale') ?? 'null');
    return known(saved) ? saved : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a language is written right to left. */
export const isRtl = (locale: string) => locale === 'ar';

let polyglot: I18nProvider | undefined;

/** The language the console starts in: the one chosen before, else the browser's, when it is loaded. */
function provider(): I18nProvider {
  if (!polyglot) {
    const start = savedLanguage() ?? browserLanguage();
    polyglot = polyglotI18nProvider(
      (locale) => MESSAGES[locale] ?? loadMessages(locale),
      MESSAGES[start] ? start : 'en',
      LANGUAGES,
      { allowMissing: true },
    );
  }
  return polyglot;
}

/**
 * Loads the language the console starts in before it is shown (main.tsx): a reload in German shows
 * German at once, without English first. English if that language cannot be loaded.
 */
export async function loadStartLanguage(): Promise<void> {
  try {
    await loadMessages(savedLanguage() ?? browserLanguage());
  } catch (error) {
    console.error(error);
  }
}

const listeners = new Set<(locale: string) => void>();

/** Calls `listener` with each language the console changes to; answers how to stop. */
export function onLocaleChange(listener: (locale: string) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * react-admin changes the language through the provider (from the app bar, and at start to the
 * one its store remembered), waiting for its file to load: the page's direction and the API's
 * language follow from here.
 */
export const i18nProvider: I18nProvider = {
  translate: (key, options) => provider().translate(key, options),
  getLocale: () => provider().getLocale(),
  getLocales: () => LANGUAGES,
  changeLocale: async (locale, options) => {
    await provider().changeLocale(locale, options);
    for (const listener of listeners) listener(locale);
  },
};
