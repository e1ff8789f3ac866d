export * from './accounts.module';
export * from './migrations';
export { UsersService } from './users/users.service';
export { SecurityChangesService, formatUtc } from './users/security-changes.service';
export { AdminAuditService } from './admin/admin-audit.service';
