import 'reflect-metadata';
import { AccountsModule, ACCOUNTS_MIGRATIONS } from '@app/accounts';
import { CreateIdempotencyKeys1763800000500 } from '@app/common';
import { runService } from '@app/database';
import { LEDGER_MIGRATIONS } from '@app/ledger';
import { ORDERS_MIGRATIONS } from './migrations';
import { OrdersModule } from './orders.module';

// The orders service alone (scale-out shape); sessions come from the accounts module.
void runService({
  name: 'orders',
  modules: [AccountsModule, OrdersModule],
  migrations: [
    ...LEDGER_MIGRATIONS,
    CreateIdempotencyKeys1763800000500,
    ...ACCOUNTS_MIGRATIONS,
    ...ORDERS_MIGRATIONS,
  ],
});
