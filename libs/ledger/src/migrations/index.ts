import { CreateLedger1763800000000 } from './1763800000000-CreateLedger';
import { LedgerBatchPosting1763800000100 } from './1763800000100-LedgerBatchPosting';
import { LedgerBatchTuning1763800000200 } from './1763800000200-LedgerBatchTuning';
import { LedgerPostingOrder1763800000400 } from './1763800000400-LedgerPostingOrder';
import { LedgerPlainJournalInsert1763800000500 } from './1763800000500-LedgerPlainJournalInsert';
import { LedgerLegAmount1766400000000 } from './1766400000000-LedgerLegAmount';
import { LedgerPostingChecks1766400004000 } from './1766400004000-LedgerPostingChecks';
import { LedgerAccountFormatTriggers1766500004000 } from './1766500004000-LedgerAccountFormatTriggers';

export const LEDGER_MIGRATIONS = [
  CreateLedger1763800000000,
  LedgerBatchPosting1763800000100,
  LedgerBatchTuning1763800000200,
  LedgerPostingOrder1763800000400,
  LedgerPlainJournalInsert1763800000500,
  LedgerLegAmount1766400000000,
  LedgerPostingChecks1766400004000,
  LedgerAccountFormatTriggers1766500004000,
];
