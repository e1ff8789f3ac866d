import type { en } from './en';
import type { AdminsMessages } from './admins';
import type { ClosuresMessages } from './closures';
import type { ConfigurationExtraMessages } from './configuration-extra';
import type { ConfirmationsMessages } from './confirmations';
import type { LedgerMessages } from './ledger';
import type { OperationsMessages } from './operations';
import type { PayoutsMessages } from './payouts';

/**
 * One language of the console: its main texts (react-admin's own ra.* included, see en.ts) and
 * those of the screens kept in files of their own. The types hold every language to English's keys.
 */
export interface ConsoleLanguage {
  /** The language's name in itself, for the language menu. */
  name: string;
  /** Written right to left (the layout and MUI's styles flip). */
  rtl?: boolean;
  messages: typeof en;
  ledger: LedgerMessages;
  admins: AdminsMessages;
  configurationExtra: ConfigurationExtraMessages;
  confirmations: ConfirmationsMessages;
  payouts: PayoutsMessages;
  operations: OperationsMessages;
  closures: ClosuresMessages;
}

type Tree = Record<string, unknown>;

/** A deep merge of `extra` into `base`; where both hold a text, `prefer` says whose stays. */
function merge(base: Tree, extra: Tree, prefer: 'base' | 'extra'): Tree {
  const out: Tree = prefer === 'base' ? { ...extra, ...base } : { ...base, ...extra };
  for (const [key, value] of Object.entries(extra)) {
    const own = base[key];
    if (own && typeof own === 'object' && value && typeof value === 'object')
      out[key] = merge(own as Tree, value as Tree, prefer);
  }
  return out;
}

/**
 * A language's messages as react-admin looks them up: the ledger's texts under the main ones (a
 * key the main file also has keeps the main text), the admins' and configuration screens' texts
 * over them (those screens are defined there), and the confirmations', payouts', operations' and
 * market closures' texts over all.
 */
export function consoleMessages(language: ConsoleLanguage): typeof en {
  const withLedger = merge(language.messages, language.ledger, 'base');
  const withAdmins = merge(withLedger, language.admins, 'extra');
  const withConfiguration = merge(withAdmins, language.configurationExtra, 'extra');
  const withConfirmations = merge(withConfiguration, language.confirmations, 'extra');
  const withPayouts = merge(withConfirmations, language.payouts, 'extra');
  const withOperations = merge(withPayouts, language.operations, 'extra');
  return merge(withOperations, language.closures, 'extra') as typeof en;
}
