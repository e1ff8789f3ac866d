import 'reflect-metadata';
import { runService } from '@app/database';
import { CONTENT_SERVICE } from './service';

// The content service alone (scale-out shape: `npm run start:content`); the platform runs it with the others.
void runService(CONTENT_SERVICE);
