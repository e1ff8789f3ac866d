import { CreateFunds1764000001000 } from './1764000001000-CreateFunds';

export const FUNDS_MIGRATIONS = [CreateFunds1764000001000];
