import 'reflect-metadata';
import { runService } from '@app/database';
import { PLATFORM_MIGRATIONS, PLATFORM_MODULES } from './platform';

void runService({ name: 'platform', modules: PLATFORM_MODULES, migrations: PLATFORM_MIGRATIONS });
