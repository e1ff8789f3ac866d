import { consoleMessages, type ConsoleLanguage } from '../../../../web-admin/src/i18n/language';

// The console's translations (web-admin/src/i18n/locales/<code>.ts), checked here because the unit
// test run covers services/**. The types already hold every language to English's keys; this checks
// what they cannot: react-admin's own ra.* texts (typed loosely), the placeholders, and the plural
// forms as node-polyglot (react-admin's translator) picks them for each language.
const CODES = ['en', 'zh', 'hk', 'ja', 'ko', 'de', 'fr', 'it', 'es', 'ar', 'th'];

function load(code: string): ConsoleLanguage {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require(`../../../../web-admin/src/i18n/locales/${code}`) as Record<string, ConsoleLanguage>)[code];
}

/** Every text of a message tree by its dotted key. */
function flatten(tree: object, prefix = '', out = new Map<string, string>()): Map<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else if (value && typeof value === 'object') flatten(value as object, path, out);
  }
  return out;
}

const placeholders = (text: string) => new Set(text.match(/%\{\w+\}/g) ?? []);
const forms = (text: string) => text.split('||||').map((form) => form.trim());

/**
 * How many plural forms node-polyglot tells apart in a language: zh, ja, ko and th always take the
 * first form, Arabic six (0, 1, 2, 3-10, 11-99, 100+), and the others (hk falls back to English's
 * rule) two.
 */
const PLURAL_FORMS: Record<string, number> = { zh: 1, ja: 1, ko: 1, th: 1, ar: 6 };

describe('the console in every language', () => {
  const english = flatten(consoleMessages(load('en')));

  it.each(CODES.filter((code) => code !== 'en'))('%s has every English text, nothing more', (code) => {
    const texts = flatten(consoleMessages(load(code)));
    expect([...english.keys()].filter((key) => !texts.has(key))).toEqual([]);
    expect([...texts.keys()].filter((key) => !english.has(key))).toEqual([]);
  });

  it.each(CODES.filter((code) => code !== 'en'))('%s: placeholders as in English', (code) => {
    const wrong: string[] = [];
    for (const [key, text] of flatten(consoleMessages(load(code)))) {
      const source = english.get(key);
      if (source === undefined) continue;
      const want = placeholders(source);
      const have = placeholders(text);
      // A plural text may leave out, in a language without plurals, what only one English form names
      // (the record's name in "Delete this %{name}"); it never adds one, and %{smart_count} stays.
      const plural = source.includes('||||');
      const unknown = [...have].filter((p) => !want.has(p));
      const missing = [...want].filter((p) => !have.has(p) && (!plural || p === '%{smart_count}'));
      if (unknown.length || missing.length) wrong.push(`${key}: ${[...unknown, ...missing].join(' ')}`);
    }
    expect(wrong).toEqual([]);
  });

  it.each(CODES)('%s: plural forms as its translator picks them', (code) => {
    const wrong: string[] = [];
    const count = PLURAL_FORMS[code] ?? 2;
    for (const [key, text] of flatten(consoleMessages(load(code)))) {
      const parts = forms(text);
      if (parts.length === 1) continue;
      // Where only the first form is ever shown, every form must read the same (the general one).
      if (count === 1 ? new Set(parts).size !== 1 : parts.length !== count)
        wrong.push(`${key}: ${parts.length} forms`);
    }
    expect(wrong).toEqual([]);
  });
});
