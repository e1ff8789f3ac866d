import { CreateLedger1763800000000 } from './1763800000000-CreateLedger';
import { LedgerBatchPosting1763800000100 } from './1763800000100-LedgerBatchPosting';

export const LEDGER_MIGRATIONS = [CreateLedger1763800000000, LedgerBatchPosting1763800000100];
