import 'reflect-metadata';
import { AccountsModule, ACCOUNTS_MIGRATIONS } from '@app/accounts';
import { CreateIdempotencyKeys1763800000500 } from '@app/common';
import { runService } from '@app/database';
import { LEDGER_MIGRATIONS } from '@app/ledger';
import { ContentModule } from './content.module';
import { CONTENT_MIGRATIONS } from './migrations';

// The content service alone (scale-out shape); it needs the accounts module for sessions and the audit.
void runService({
  name: 'content',
  modules: [AccountsModule, ContentModule],
  migrations: [
    ...LEDGER_MIGRATIONS,
    CreateIdempotencyKeys1763800000500,
    ...ACCOUNTS_MIGRATIONS,
    ...CONTENT_MIGRATIONS,
  ],
});
