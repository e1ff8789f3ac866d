import { useEffect, useState, type ReactNode } from 'react';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import rtlPlugin from '@mui/stylis-plugin-rtl';
import type { RaThemeOptions } from 'react-admin';
import { prefixer } from 'stylis';
import { i18nProvider, isRtl, onLocaleChange } from './i18n/i18nProvider';
import { htmlLang } from './i18n/intl';
import { consoleThemes } from './theme';

type Direction = 'ltr' | 'rtl';

/** Emotion caches: the right-to-left one flips MUI's styles (margins, paddings, positions). */
const CACHES = {
  ltr: createCache({ key: 'mui' }),
  rtl: createCache({ key: 'muirtl', stylisPlugins: [prefixer, rtlPlugin] }),
};

const THEMES = { ltr: consoleThemes('ltr'), rtl: consoleThemes('rtl') };

/**
 * The console's writing direction follows its language (Arabic right to left): the page's `dir`
 * and `lang`, MUI's theme and its style cache. Renders `children` with the themes to give <Admin>.
 */
export function ConsoleDirection({
  children,
}: {
  children: (themes: { light: RaThemeOptions; dark: RaThemeOptions }) => ReactNode;
}) {
  const [locale, setLocale] = useState(() => i18nProvider.getLocale());
  useEffect(() => onLocaleChange(setLocale), []);
  const direction: Direction = isRtl(locale) ? 'rtl' : 'ltr';
  useEffect(() => {
    // The API answers its messages in the console's language (api.ts sends the page's lang).
    document.documentElement.lang = htmlLang(locale);
    document.documentElement.dir = direction;
  }, [locale, direction]);
  return <CacheProvider value={CACHES[direction]}>{children(THEMES[direction])}</CacheProvider>;
}
