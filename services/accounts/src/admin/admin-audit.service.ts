import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { AdminAudit } from './entities/admin-audit.entity';

/** The audit trail of every admin action (written in the action's own transaction when given). */
@Injectable()
export class AdminAuditService {
  constructor(@InjectRepository(AdminAudit) private readonly audit: Repository<AdminAudit>) {}

  async record(
    entry: {
      adminId: string | null;
      action: string;
      targetType?: string;
      targetId?: string;
      detail?: Record<string, unknown>;
      ip?: string;
    },
    manager: EntityManager = this.audit.manager,
  ): Promise<void> {
    await manager.insert(AdminAudit, {
      adminId: entry.adminId,
      action: entry.action,
      targetType: entry.targetType ?? null,
      targetId: entry.targetId ?? null,
      detail: (entry.detail ?? {}) as object,
      ip: entry.ip ?? null,
    });
  }
}
