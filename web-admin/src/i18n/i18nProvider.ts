import polyglotI18nProvider from 'ra-i18n-polyglot';
import { resolveBrowserLocale } from 'react-admin';
import { en } from './en';
import { withLedger } from './ledger';
import { withAdmins } from './admins';
import { withConfigurationExtra } from './configuration-extra';
import { zh } from './zh';

/** Languages of the console: add a messages file of the same shape as en.ts and list it here. */
const MESSAGES: Record<string, typeof en> = {
  en: withConfigurationExtra(withAdmins(withLedger(en, 'en'), 'en'), 'en'),
  zh: withConfigurationExtra(withAdmins(withLedger(zh, 'zh'), 'zh'), 'zh'),
};

export const i18nProvider = polyglotI18nProvider(
  (locale) => MESSAGES[locale] ?? en,
  // The browser's language when the console has it; the choice in the app bar is remembered.
  MESSAGES[resolveBrowserLocale('en')] ? resolveBrowserLocale('en') : 'en',
  [
    { locale: 'en', name: 'English' },
    { locale: 'zh', name: '中文' },
  ],
  { allowMissing: true },
);
