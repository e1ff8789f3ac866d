import 'reflect-metadata';
import { runService } from '@app/database';
import { FUNDS_SERVICE } from './service';

// The funds service alone (scale-out shape: `npm run start:funds`); the platform runs it with the others.
void runService(FUNDS_SERVICE);
