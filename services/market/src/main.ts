import 'reflect-metadata';
import { runService } from '@app/database';
import { MARKET_SERVICE } from './service';

// The market service alone (scale-out shape: `npm run start:market`); the platform runs it with the others.
void runService(MARKET_SERVICE);
