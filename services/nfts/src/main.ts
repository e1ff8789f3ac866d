import 'reflect-metadata';
import { runService } from '@app/database';
import { NFTS_SERVICE } from './service';

// The nfts service alone (scale-out shape: `npm run start:nfts`); the platform runs it with the others.
void runService(NFTS_SERVICE);
