import { AccountsModule, ACCOUNTS_MIGRATIONS } from '@app/accounts';
import { LEDGER_MIGRATIONS } from '@app/ledger';

/** Every service module composed into one process (the embedded default of DESIGN.md). */
export const PLATFORM_MODULES = [AccountsModule];

/** Every migration, in the order they must run (the ledger first: services post to it). */
export const PLATFORM_MIGRATIONS = [...LEDGER_MIGRATIONS, ...ACCOUNTS_MIGRATIONS];
