import { fieldLabel, LANGUAGES, normalizeLanguage, resolveLanguage, translate } from './translator';
import en from './locales/en.json';

function keys(node: unknown, prefix = ''): string[] {
  if (typeof node !== 'object' || node === null) return [prefix];
  return Object.entries(node).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('translator', () => {
  it('maps language tags to the 11 languages', () => {
    expect(normalizeLanguage('zh-TW')).toBe('hk');
    expect(normalizeLanguage('zh-Hant-HK')).toBe('hk');
    expect(normalizeLanguage('zh-CN')).toBe('zh');
    expect(normalizeLanguage('fr-CA')).toBe('fr');
    expect(normalizeLanguage('pt-BR')).toBeUndefined();
  });

  it('prefers the lang header, then the best Accept-Language entry, then English', () => {
    expect(resolveLanguage('ar', 'de')).toBe('ar');
    expect(resolveLanguage(undefined, 'pt;q=1, ko;q=0.8, ja;q=0.9')).toBe('ja');
    expect(resolveLanguage('xx', 'xx')).toBe('en');
    expect(resolveLanguage(undefined, undefined)).toBe('en');
  });

  it('fills placeholders and falls back to the key', () => {
    expect(translate('en', 'validation.required', { field: 'email' })).toBe('email is required');
    expect(translate('en', 'no.such.key')).toBe('no.such.key');
  });

  it("names a field in the reader's language, else in English, else as sent", () => {
    expect(translate('en', 'validation.invalid', { field: fieldLabel('en', 'withdrawPassword') })).toBe(
      'Withdrawal password is not valid',
    );
    expect(fieldLabel('de', 'withdrawPassword')).not.toBe(fieldLabel('en', 'withdrawPassword'));
    expect(fieldLabel('de', 'noSuchField')).toBe('noSuchField');
    expect(fieldLabel('en', '__proto__')).toBe('__proto__');
    expect(fieldLabel('en', 'constructor')).toBe('constructor');
    expect(fieldLabel('en', 'a.b')).toBe('a.b');
  });

  it.each(LANGUAGES.filter((l) => l !== 'en'))(
    '%s has every key of English, translated, with its placeholders',
    (lang) => {
      for (const key of keys(en)) {
        const english = translate('en', key);
        const text = translate(lang, key);
        expect(text).not.toBe(key);
        for (const placeholder of english.match(/\{\w+\}/g) ?? []) expect(text).toContain(placeholder);
      }
      // At least most texts differ from English (a copied file would fail here); field names such as
      // "ID" or "Logo" may well be the same words.
      const same = keys(en).filter((key) => translate(lang, key) === translate('en', key));
      expect(same.filter((key) => !key.startsWith('field.')).length).toBeLessThan(5);
      expect(same.length).toBeLessThan(keys(en).filter((key) => key.startsWith('field.')).length / 4);
    },
  );
});
