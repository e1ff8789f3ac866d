import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// The user app's translations (web-user/src/i18n/locales/<lang>/<namespace>.json), checked here
// because the unit test run covers services/**: every English key in the 10 other languages, with
// the same placeholders and nothing left in English.
const LOCALES = path.resolve(__dirname, '../../../../web-user/src/i18n/locales');
const OTHER_LANGUAGES = ['zh', 'hk', 'ja', 'ko', 'de', 'fr', 'it', 'es', 'ar', 'th'];

/**
 * Texts that read the same as in English because that is how the language writes them: an example
 * address, and words these languages use as they are ("Staking", "Forex" or Japanese "FX", French "Notifications",
 * Italian "Password", Spanish "Real"). Each is listed with the languages where it is right.
 */
const SAME_AS_ENGLISH: Record<string, string[]> = {
  'auth:fields.emailPlaceholder': OTHER_LANGUAGES,
  'common:nav.trading': ['de', 'fr', 'it', 'es'],
  'market:types.1': ['fr', 'it', 'es', 'ja'],
  'common:nav.notifications': ['fr'],
  'profile:menu.notifications': ['fr'],
  'auth:fields.password': ['it'],
  'profile:book.real': ['es'],
  // Trading words these languages take over from English, and unit symbols they write the same way.
  'funds:fields.coin': ['de'],
  'funds:kinds.margin': ['de'],
  'trade:u.margin': ['de'],
  'funds:kinds.staked': ['de', 'fr', 'it', 'es'],
  'funds:addressBook.status': ['de'],
  'spot:orders.state': ['de'],
  'spot:type.limit': ['de'],
  'spot:form.order': ['de'],
  'spot:orders.order': ['de'],
  'common:nav.spot': ['it'],
  'profile:contact.byEmail': ['fr', 'it'],
  'funds:withdraw.bank': ['de'],
  'funds:withdraw.bankType': ['de'],
  'security:links.wallet': ['de'],
  'trade:u.lots': ['de', 'fr'],
  'trade:u.optional': ['de'],
  'trade:lists.order': ['de'],
  'trade:lists.slTp': ['de', 'fr', 'it', 'es'],
  'trade:reasons.stop_loss': ['fr', 'it', 'es'],
  'trade:reasons.take_profit': ['fr', 'it', 'es'],
  'earn:cycle': ['fr'],
  'security:keys.secret': ['fr'],
  'trade:options.seconds': ['fr'],
  'funds:exchange.seconds': ['fr'],
  'trade:options.minutes': ['fr', 'it', 'es'],
  'trade:options.hours': ['fr', 'es'],
  'trade:options.days': ['es'],
  'nft:days': ['es'],
};
/** Values that are the same in every language: brand names, codes, numbers and symbols only. */
const UNTRANSLATABLE = /^(SWX|USDT|ETF|ETFs|OK|[\d\s.,:%+<>/·-]*)$/;
/** Interpolation slots ({{label}}): a text made only of slots and punctuation has nothing to translate. */
const SLOTS = /\{\{\s*\w+\s*\}\}/g;

/** Languages in their own script: a text there with no letter of that script was left untranslated. */
const SCRIPTS: Record<string, RegExp> = {
  zh: /\p{Script=Han}/u,
  hk: /\p{Script=Han}/u,
  ja: /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u,
  ko: /\p{Script=Hangul}/u,
  ar: /\p{Script=Arabic}/u,
  th: /\p{Script=Thai}/u,
};

type Tree = { [key: string]: string | Tree };

function flatten(node: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(node)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of flatten(v, key)) out.set(kk, vv);
  }
  return out;
}

function load(lang: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const file of readdirSync(path.join(LOCALES, lang)).filter((f) => f.endsWith('.json'))) {
    const ns = file.replace(/\.json$/, '');
    const tree = JSON.parse(readFileSync(path.join(LOCALES, lang, file), 'utf8')) as Tree;
    for (const [k, v] of flatten(tree)) out.set(`${ns}:${k}`, v);
  }
  return out;
}

const PLURAL = /^(.+)_(zero|one|two|few|many|other)$/;

const placeholders = (text: string) =>
  (text.match(/\{\{\s*\w+\s*\}\}/g) ?? []).map((p) => p.replace(/\s/g, '')).sort();

describe('web-user translations', () => {
  const english = load('en');

  it('has English texts to compare with', () => {
    expect(english.size).toBeGreaterThan(100);
    expect(readdirSync(LOCALES).sort()).toEqual(['en', ...OTHER_LANGUAGES].sort());
  });

  it.each(OTHER_LANGUAGES)('%s has every English key with its placeholders, and no other keys', (lang) => {
    const texts = load(lang);
    // Plural forms (i18next: key_zero, _one, _two, _few, _many, _other) differ by language: Arabic
    // has all six, Japanese only _other. A form counts as present when its family is; a form may
    // write the count as a word ("one day"), so it may leave out a placeholder of its family.
    const family = (k: string) => PLURAL.exec(k)?.[1];
    const hasFamily = (keys: Map<string, string>, base: string) => keys.has(`${base}_other`);
    const familyPlaceholders = (base: string) =>
      new Set([...english].filter(([k]) => family(k) === base).flatMap(([, v]) => placeholders(v)));
    const missing = [...english.keys()].filter(
      (k) => !texts.has(k) && !(family(k) && hasFamily(texts, family(k)!)),
    );
    const extra = [...texts.keys()].filter(
      (k) => !english.has(k) && !(family(k) && hasFamily(english, family(k)!)),
    );
    const empty = [...texts].filter(([, v]) => !v.trim()).map(([k]) => k);
    const badPlaceholders = [...texts]
      .filter(([k, v]) => {
        const base = family(k);
        if (base) return !placeholders(v).every((p) => familyPlaceholders(base).has(p));
        return english.has(k) && placeholders(v).join() !== placeholders(english.get(k)!).join();
      })
      .map(([k]) => k);
    expect({ missing, extra, empty, badPlaceholders }).toEqual({
      missing: [],
      extra: [],
      empty: [],
      badPlaceholders: [],
    });
  });

  it.each(OTHER_LANGUAGES)('%s leaves no text in English', (lang) => {
    const texts = load(lang);
    const untranslated = [...english]
      .filter(([k, v]) => texts.get(k) === v)
      .filter(
        ([k, v]) => !UNTRANSLATABLE.test(v.replace(SLOTS, '').trim()) && !SAME_AS_ENGLISH[k]?.includes(lang),
      )
      .map(([k, v]) => `${k} = ${JSON.stringify(v)}`);
    expect(untranslated).toEqual([]);
  });

  it.each(Object.keys(SCRIPTS))('%s writes every text in its own script', (lang) => {
    const texts = load(lang);
    const foreign = [...texts]
      .filter(([, v]) => !SCRIPTS[lang].test(v) && /[A-Za-z]{2}/.test(v.replace(/\{\{\w+\}\}/g, '')))
      .filter(
        ([k, v]) => !UNTRANSLATABLE.test(v.replace(SLOTS, '').trim()) && !SAME_AS_ENGLISH[k]?.includes(lang),
      )
      .map(([k, v]) => `${k} = ${JSON.stringify(v)}`);
    expect(foreign).toEqual([]);
  });
});
