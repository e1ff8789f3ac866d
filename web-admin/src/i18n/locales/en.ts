import { ADMINS_EN } from '../admins';
import { CLOSURES_EN } from '../closures';
import { CONFIGURATION_EXTRA_EN } from '../configuration-extra';
import { CONFIRMATIONS_EN } from '../confirmations';
import { en as messages } from '../en';
import type { ConsoleLanguage } from '../language';
import { OPERATIONS_EN } from '../operations';
import { LEDGER_EN } from '../ledger';
import { PAYOUTS_EN } from '../payouts';

export const en: ConsoleLanguage = {
  name: 'English',
  messages,
  ledger: LEDGER_EN,
  admins: ADMINS_EN,
  configurationExtra: CONFIGURATION_EXTRA_EN,
  confirmations: CONFIRMATIONS_EN,
  payouts: PAYOUTS_EN,
  operations: OPERATIONS_EN,
  closures: CLOSURES_EN,
};
