import 'reflect-metadata';
import { runService } from '@app/database';
import { ACCOUNTS_SERVICE } from './service';

// The accounts service alone (scale-out shape: `npm run start:accounts`); the platform runs it with the others.
void runService(ACCOUNTS_SERVICE);
