import { Global, Module, type DynamicModule } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from './config';
import { TokenService } from './auth';

/** Config and tokens, available to every module. */
@Global()
@Module({})
export class CommonModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: CommonModule,
      providers: [{ provide: APP_CONFIG, useValue: config }, TokenService],
      exports: [APP_CONFIG, TokenService],
    };
  }
}
