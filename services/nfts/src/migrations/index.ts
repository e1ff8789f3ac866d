import { CreateNfts1764090001000 } from './1764090001000-CreateNfts';

export const NFTS_MIGRATIONS = [CreateNfts1764090001000];
