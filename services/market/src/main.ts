import 'reflect-metadata';
import { AccountsModule, ACCOUNTS_MIGRATIONS } from '@app/accounts';
import { CreateIdempotencyKeys1763800000500 } from '@app/common';
import { runService } from '@app/database';
import { LEDGER_MIGRATIONS } from '@app/ledger';
import { MARKET_MIGRATIONS } from './migrations';
import { MarketModule } from './market.module';

// The market service alone (scale-out shape); the platform process runs it with the others. It
// needs the accounts module for the admin sessions and audit of the instrument admin API.
void runService({
  name: 'market',
  modules: [AccountsModule, MarketModule],
  migrations: [
    ...LEDGER_MIGRATIONS,
    CreateIdempotencyKeys1763800000500,
    ...ACCOUNTS_MIGRATIONS,
    ...MARKET_MIGRATIONS,
  ],
});
