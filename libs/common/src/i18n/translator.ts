import { localizeAmounts } from './amount-format';
import en from './locales/en.json';

export const LANGUAGES = ['en', 'zh', 'hk', 'ja', 'ko', 'de', 'fr', 'it', 'es', 'ar', 'th'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

type Catalogue = typeof en;

/** Each language's file beside this one; a missing file falls back to English (the unit test flags it). */
function loadCatalogue(lang: Language): Catalogue {
  if (lang === 'en') return en;
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return require(`./locales/${lang}.json`) as Catalogue;
  } catch {
    return en;
  }
}

const catalogues = Object.fromEntries(LANGUAGES.map((l) => [l, loadCatalogue(l)])) as Record<
  Language,
  Catalogue
>;

/** Maps a tag such as `zh-TW`, `zh-Hant`, `fr-CA` or `hk` to one of our 11 languages. */
export function normalizeLanguage(tag: string | undefined | null): Language | undefined {
  if (!tag) return undefined;
  const t = tag.trim().toLowerCase().replace('_', '-');
  if (!t) return undefined;
  if (t === 'hk' || t === 'zh-tw' || t === 'zh-hk' || t === 'zh-mo' || t.startsWith('zh-hant')) return 'hk';
  const base = t.split('-')[0];
  return (LANGUAGES as readonly string[]).includes(base) ? (base as Language) : undefined;
}

/** The `lang` header wins; else the best `Accept-Language` entry we support; else English. */
export function resolveLanguage(langHeader?: string, acceptLanguage?: string): Language {
  const direct = normalizeLanguage(langHeader);
  if (direct) return direct;
  if (acceptLanguage) {
    const ranked = acceptLanguage
      .split(',')
      .map((part, index) => {
        const [tag, ...params] = part.trim().split(';');
        const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
        return { tag, q: q ? Number(q.slice(2)) || 0 : 1, index };
      })
      .filter((e) => e.q > 0)
      .sort((a, b) => b.q - a.q || a.index - b.index);
    for (const entry of ranked) {
      const lang = normalizeLanguage(entry.tag);
      if (lang) return lang;
    }
  }
  return DEFAULT_LANGUAGE;
}

function lookup(catalogue: unknown, key: string): string | undefined {
  let node: unknown = catalogue;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** Resolved texts by language and key (every answer needs one, so lookups are cached). */
const resolved = new Map<string, string>();

/**
 * Translates a key such as `code.10004` or `validation.enterEmail`; unknown keys come back as given.
 * `params` fill its placeholders as given, except amounts (amount-format.ts: `{amount}`, a minimum's
 * `{limit}`, …), which are written the reader's way: pass them as decimal strings, never formatted.
 */
export function translate(lang: Language, key: string, params?: Record<string, string | number>): string {
  const cacheKey = `${lang}:${key}`;
  let text = resolved.get(cacheKey);
  if (text === undefined) {
    text = lookup(catalogues[lang], key) ?? lookup(catalogues.en, key) ?? key;
    resolved.set(cacheKey, text);
  }
  if (!params || !text.includes('{')) return text;
  const values = localizeAmounts(lang, key, params);
  return text.replace(/\{(\w+)\}/g, (m, name: string) => (name in values ? String(values[name]) : m));
}

export function messageForCode(lang: Language, code: number): string {
  return translate(lang, `code.${code}`);
}

/**
 * The human name of a request field in `{field}` of the generic messages ("Withdrawal password is
 * not valid"): `field.<name>` of the language, else of English, else the name as sent. Not cached:
 * the names of refused unknown fields are the client's.
 */
export function fieldLabel(lang: Language, name: string): string {
  if (!/^\w{1,64}$/.test(name)) return name;
  return lookup(catalogues[lang], `field.${name}`) ?? lookup(catalogues.en, `field.${name}`) ?? name;
}
