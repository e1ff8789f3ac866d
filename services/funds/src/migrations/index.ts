import { CreateFunds1764000001000 } from './1764000001000-CreateFunds';
import { NetworkFeeOverride1764000002000 } from './1764000002000-NetworkFeeOverride';
import { WithdrawalDualApproval1765100002000 } from './1765100002000-WithdrawalDualApproval';
import { WithdrawalAddressBook1766000001000 } from './1766000001000-WithdrawalAddressBook';
import { WithdrawalCompleted1766500001000 } from './1766500001000-WithdrawalCompleted';
import { WithdrawalWhitelist1766500003000 } from './1766500003000-WithdrawalWhitelist';
import { RechargeTxHashKey1766600101000 } from './1766600101000-RechargeTxHashKey';
import { ConfirmationsCount1767000041000 } from './1767000041000-ConfirmationsCount';

export const FUNDS_MIGRATIONS = [
  CreateFunds1764000001000,
  NetworkFeeOverride1764000002000,
  WithdrawalDualApproval1765100002000,
  WithdrawalAddressBook1766000001000,
  WithdrawalCompleted1766500001000,
  WithdrawalWhitelist1766500003000,
  RechargeTxHashKey1766600101000,
  ConfirmationsCount1767000041000,
];
