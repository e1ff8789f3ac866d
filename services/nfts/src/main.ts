import 'reflect-metadata';
import { AccountsModule, ACCOUNTS_MIGRATIONS } from '@app/accounts';
import { CreateIdempotencyKeys1763800000500 } from '@app/common';
import { runService } from '@app/database';
import { LEDGER_MIGRATIONS } from '@app/ledger';
import { NFTS_MIGRATIONS } from './migrations';
import { NftsModule } from './nfts.module';

// The NFT service alone (scale-out shape); it needs the accounts module for sessions and admin audit.
void runService({
  name: 'nfts',
  modules: [AccountsModule, NftsModule],
  migrations: [
    ...LEDGER_MIGRATIONS,
    CreateIdempotencyKeys1763800000500,
    ...ACCOUNTS_MIGRATIONS,
    ...NFTS_MIGRATIONS,
  ],
});
