import 'reflect-metadata';
import { CreateIdempotencyKeys1763800000500 } from '@app/common';
import { runService } from '@app/database';
import { LEDGER_MIGRATIONS } from '@app/ledger';
import { AccountsModule } from './accounts.module';
import { ACCOUNTS_MIGRATIONS } from './migrations';

// The accounts service alone (scale-out shape); the platform process runs it with the others.
void runService({
  name: 'accounts',
  modules: [AccountsModule],
  migrations: [...LEDGER_MIGRATIONS, CreateIdempotencyKeys1763800000500, ...ACCOUNTS_MIGRATIONS],
});
