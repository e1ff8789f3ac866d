import { CreateLedger1763800000000 } from './1763800000000-CreateLedger';

export const LEDGER_MIGRATIONS = [CreateLedger1763800000000];
