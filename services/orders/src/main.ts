import 'reflect-metadata';
import { runService } from '@app/database';
import { ORDERS_SERVICE } from './service';

// The orders service alone (scale-out shape: `npm run start:orders`); the platform runs it with the others.
void runService(ORDERS_SERVICE);
