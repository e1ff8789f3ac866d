import 'reflect-metadata';
import { AccountsModule, ACCOUNTS_MIGRATIONS } from '@app/accounts';
import { CreateIdempotencyKeys1763800000500 } from '@app/common';
import { runService } from '@app/database';
import { LEDGER_MIGRATIONS } from '@app/ledger';
import { FundsModule } from './funds.module';
import { FUNDS_MIGRATIONS } from './migrations';

// The funds service alone (scale-out shape); it needs the accounts module for sessions and users.
void runService({
  name: 'funds',
  modules: [AccountsModule, FundsModule],
  migrations: [
    ...LEDGER_MIGRATIONS,
    CreateIdempotencyKeys1763800000500,
    ...ACCOUNTS_MIGRATIONS,
    ...FUNDS_MIGRATIONS,
  ],
});
