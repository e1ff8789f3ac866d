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
/** The content API knows zh for both Chinese scripts (spec section 7). */
export const contentLanguage = (lang: string) => (lang === 'hk' ? 'zh' : lang);
