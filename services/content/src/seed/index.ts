import type { Language } from '@app/common';
import ar from './ar.json';
import de from './de.json';
import en from './en.json';
import es from './es.json';
import fr from './fr.json';
import hk from './hk.json';
import it from './it.json';
import ja from './ja.json';
import ko from './ko.json';
import th from './th.json';
import zh from './zh.json';
import type { LanguageSeed } from './seed.types';

export type { LanguageSeed } from './seed.types';

/** Seed texts in all 11 languages (static imports: the build copies the JSON beside the code). */
export const SEED_BY_LANGUAGE: Record<Language, LanguageSeed> = {
  en,
  zh,
  hk,
  ja,
  ko,
  de,
  fr,
  it,
  es,
  ar,
  th,
};
