/** Interface languages (spec section 1); en is the default. */
export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'zh', name: '简体中文' },
  { code: 'hk', name: '繁體中文' },
  { code: 'ja', name: '日本語' },
  { code: 'ko', name: '한국어' },
  { code: 'de', name: 'Deutsch' },
  { code: 'fr', name: 'Français' },
  { code: 'it', name: 'Italiano' },
  { code: 'es', name: 'Español' },
  { code: 'ar', name: 'العربية' },
  { code: 'th', name: 'ไทย' },
] as const;
export type LanguageCode = (typeof LANGUAGES)[number]['code'];
export const DEFAULT_LANGUAGE: LanguageCode = 'en';
export const NAMESPACES = [
  'common',
  'auth',
  'profile',
  'home',
  'market',
  'pages',
  'trade',
  'earn',
  'loan',
  'funds',
  'nft',
  'security',
  'spot',
] as const;
export const RTL_LANGUAGES = new Set<string>(['ar']);
/**
 * The language asked of the content API: the interface language as it is. The API reads zh for the
 * spec's zh-tw, and has its own traditional-Chinese (hk) items, which hk users should see.
 */
export const contentLanguage = (lang: string) => lang;
