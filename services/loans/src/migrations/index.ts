import { CreateKyc1764300001000 } from './1764300001000-CreateKyc';

export const LOANS_MIGRATIONS = [CreateKyc1764300001000];
