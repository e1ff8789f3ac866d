import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SYSTEM_PARAMETERS, type SystemParameterReader } from '@app/common';
import { SystemParameter } from './entities/system-parameter.entity';
import { AdminParametersController, ParametersController } from './parameters.controller';
import { SystemParametersService } from './system-parameters.service';

/**
 * Global so that every service finds the parameters through the SYSTEM_PARAMETERS token of
 * @app/common (or SystemParametersService) without importing the content service.
 */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([SystemParameter])],
  controllers: [ParametersController, AdminParametersController],
  providers: [
    SystemParametersService,
    {
      provide: SYSTEM_PARAMETERS,
      inject: [SystemParametersService],
      useFactory: (params: SystemParametersService): SystemParameterReader => ({
        get: async (key) => (await params.find(key)) ?? null,
      }),
    },
  ],
  exports: [SystemParametersService, SYSTEM_PARAMETERS],
})
export class ParametersModule {}
