import { ADMINS_ZH } from '../admins';
import { CONFIGURATION_EXTRA_ZH } from '../configuration-extra';
import { CONFIRMATIONS_ZH } from '../confirmations';
import type { ConsoleLanguage } from '../language';
import { OPERATIONS_ZH } from '../operations';
import { LEDGER_ZH } from '../ledger';
import { PAYOUTS_ZH } from '../payouts';
import { zh as messages } from '../zh';

export const zh: ConsoleLanguage = {
  name: '简体中文',
  messages,
  ledger: LEDGER_ZH,
  admins: ADMINS_ZH,
  configurationExtra: CONFIGURATION_EXTRA_ZH,
  confirmations: CONFIRMATIONS_ZH,
  payouts: PAYOUTS_ZH,
  operations: OPERATIONS_ZH,
};
