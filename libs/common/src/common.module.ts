import { Global, Module, type DynamicModule } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from './config';
import { TokenService } from './auth';
import { Clock } from './time';
import { FILE_STORAGE, fileStorageProvider } from './storage';

/** Config, tokens, the clock and upload storage, available to every module. */
@Global()
@Module({})
export class CommonModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: CommonModule,
      providers: [
        { provide: APP_CONFIG, useValue: config },
        TokenService,
        fileStorageProvider,
        {
          provide: Clock,
          useFactory: () => {
            const clock = new Clock();
            if (config.NODE_ENV === 'test') clock.allowMoving();
            return clock;
          },
        },
      ],
      exports: [APP_CONFIG, TokenService, Clock, FILE_STORAGE],
    };
  }
}
