import type { ConsoleLanguage } from '../../web-admin/src/i18n/language';

/** The console's languages, as the user app's (spec section 1). */
export const LANGUAGE_CODES = ['en', 'zh', 'hk', 'ja', 'ko', 'de', 'fr', 'it', 'es', 'ar', 'th'] as const;

/** A console language's texts, from its file in web-admin/src/i18n/locales (named as its code). */
export function loadConsoleLanguage(code: string): ConsoleLanguage {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require(`../../web-admin/src/i18n/locales/${code}`) as Record<string, ConsoleLanguage>)[code];
}
