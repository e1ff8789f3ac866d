export * from './content.module';
export * from './migrations';
export { ParametersModule } from './parameters/parameters.module';
export { LevelsModule } from './levels/levels.module';
export { NotificationsModule } from './notifications/notifications.module';
export { SystemParametersService } from './parameters/system-parameters.service';
export { PUBLIC_PARAMETER_KEYS } from './parameters/public-parameters';
