import { Global, Module, type DynamicModule } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from './config';
import { TokenService } from './auth';
import { Clock } from './time';

/** Config and tokens, available to every module. */
@Global()
@Module({})
export class CommonModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: CommonModule,
      providers: [
        { provide: APP_CONFIG, useValue: config },
        TokenService,
        {
          provide: Clock,
          useFactory: () => {
            const clock = new Clock();
            if (config.NODE_ENV === 'test') clock.allowMoving();
            return clock;
          },
        },
      ],
      exports: [APP_CONFIG, TokenService, Clock],
    };
  }
}
