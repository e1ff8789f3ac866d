export * from './accounts.module';
export * from './migrations';
export { UsersService } from './users/users.service';
export { AdminAuditService } from './admin/admin-audit.service';
