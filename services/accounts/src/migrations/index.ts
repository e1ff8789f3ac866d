import { CreateAccounts1763800001000 } from './1763800001000-CreateAccounts';

export const ACCOUNTS_MIGRATIONS = [CreateAccounts1763800001000];
