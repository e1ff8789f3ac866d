import { CreateKyc1764300001000 } from './1764300001000-CreateKyc';
import { CreateLoans1764300002000 } from './1764300002000-CreateLoans';

export const LOANS_MIGRATIONS = [CreateKyc1764300001000, CreateLoans1764300002000];
