import 'reflect-metadata';
import { runService } from '@app/database';
import { LOANS_SERVICE } from './service';

// The loans service alone (scale-out shape: `npm run start:loans`); the platform runs it with the others.
void runService(LOANS_SERVICE);
