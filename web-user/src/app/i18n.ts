import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { setClientMessages } from '../api/http-client';
import { DEFAULT_LANGUAGE, LANGUAGES, NAMESPACES, RTL_LANGUAGES } from '../i18n/languages';
import { STORAGE } from '../shared/session';

// Every locale file is bundled: eleven small JSON files per namespace.
const files = import.meta.glob<Record<string, unknown>>('../i18n/locales/*/*.json', {
  eager: true,
  import: 'default',
});
const resources: Record<string, Record<string, Record<string, unknown>>> = {};
for (const [file, content] of Object.entries(files)) {
  const [, lng, ns] = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file) ?? [];
  if (!lng || !ns) continue;
  (resources[lng] ??= {})[ns] = content;
}

const known = (code: string | null) => (code && LANGUAGES.some((l) => l.code === code) ? code : null);

/** `?lang=xx` of a link (the top bar's support link adds it) wins and is kept; else the saved choice. */
function initialLanguage(): string {
  const linked = known(new URLSearchParams(window.location.search).get('lang'));
  if (linked) localStorage.setItem(STORAGE.lang, linked);
  return linked ?? known(localStorage.getItem(STORAGE.lang)) ?? DEFAULT_LANGUAGE;
}

function applyDocumentLanguage(lng: string) {
  document.documentElement.lang = lng === 'hk' ? 'zh-HK' : lng === 'zh' ? 'zh-CN' : lng;
  document.documentElement.dir = RTL_LANGUAGES.has(lng) ? 'rtl' : 'ltr';
  setClientMessages({
    network: i18n.t('common:errors.network'),
    timeout: i18n.t('common:errors.timeout'),
    unknown: i18n.t('common:errors.unknown'),
  });
}

void i18n.use(initReactI18next).init({
  resources,
  lng: initialLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  ns: [...NAMESPACES],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
});
applyDocumentLanguage(i18n.language);
i18n.on('languageChanged', (lng) => {
  localStorage.setItem(STORAGE.lang, lng);
  applyDocumentLanguage(lng);
});

export default i18n;
