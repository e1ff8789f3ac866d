import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { LessThanOrEqual, type DataSource, type Repository } from 'typeorm';
import { AdminAuditService } from '@app/accounts';
import {
  AppException,
  DEFAULT_LANGUAGE,
  ErrorCode,
  listPage,
  parseIsoDateTime,
  type Language,
  type ListQuery,
} from '@app/common';
import type { AdminActor } from '../shared/admin-actor';
import { filterIds, intId } from '../shared/admin-list';
import { auditedWrite } from '../shared/db-errors';
import type { CreateAnnouncementDto, UpdateAnnouncementDto } from './dto/announcement.dto';
import { Announcement } from './entities/announcement.entity';

export const ANNOUNCEMENT_SORTABLE = ['id', 'language', 'title', 'publishedAt', 'active', 'updatedAt'];
/** The bell shows recent notices; older ones stay in the admin console. */
const CUSTOMER_LIMIT = 50;

@Injectable()
export class AnnouncementsService {
  constructor(
    @InjectRepository(Announcement) private readonly announcements: Repository<Announcement>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AdminAuditService,
  ) {}

  /** Active, already published notices of the language, newest first; English when it has none. */
  async listForCustomers(language: Language) {
    let rows = await this.findLive(language);
    if (rows.length === 0 && language !== DEFAULT_LANGUAGE) rows = await this.findLive(DEFAULT_LANGUAGE);
    return rows.map((a) => ({
      id: a.id,
      lang: a.language,
      title: a.title,
      content: a.content,
      publishedAt: a.publishedAt,
    }));
  }

  private findLive(language: Language) {
    return this.announcements.find({
      where: { language, active: true, publishedAt: LessThanOrEqual(new Date()) },
      order: { publishedAt: 'DESC', id: 'DESC' },
      take: CUSTOMER_LIMIT,
    });
  }

  // --- admin ---

  async adminList(list: ListQuery): Promise<[Announcement[], number]> {
    const qb = this.announcements.createQueryBuilder('a');
    const f = list.filter;
    const ids = filterIds(f.id, intId);
    if (ids) qb.andWhere('a.id IN (:...ids)', { ids: ids.length ? ids : [-1] });
    if (typeof f.language === 'string') qb.andWhere('a.language = :language', { language: f.language });
    if (typeof f.active === 'boolean') qb.andWhere('a.active = :active', { active: f.active });
    if (typeof f.q === 'string' && f.q) {
      qb.andWhere('(a.title ILIKE :q OR a.content ILIKE :q)', { q: `%${f.q.replace(/[%_\\]/g, '\\$&')}%` });
    }
    return listPage(qb, list, { field: 'id', order: 'DESC' });
  }

  async adminGet(id: number): Promise<Announcement> {
    const row = await this.announcements.findOneBy({ id });
    if (!row) throw new AppException(ErrorCode.NotFound);
    return row;
  }

  create(dto: CreateAnnouncementDto, actor: AdminActor): Promise<Announcement> {
    return auditedWrite(this.dataSource, async (m) => {
      const saved = await m.save(
        m.create(Announcement, {
          language: dto.language,
          title: dto.title,
          content: dto.content,
          publishedAt: (dto.publishedAt && parseIsoDateTime(dto.publishedAt)) || new Date(),
          active: dto.active ?? true,
        }),
      );
      await this.audit.record(
        {
          adminId: actor.id,
          action: 'announcement.created',
          targetType: 'announcement',
          targetId: String(saved.id),
          detail: { language: saved.language, title: saved.title },
          ip: actor.ip,
        },
        m,
      );
      return saved;
    });
  }

  update(id: number, dto: UpdateAnnouncementDto, actor: AdminActor): Promise<Announcement> {
    return auditedWrite(this.dataSource, async (m) => {
      const row = await m.findOne(Announcement, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!row) throw new AppException(ErrorCode.NotFound);
      const changed: string[] = [];
      if (dto.language !== undefined && dto.language !== row.language) {
        row.language = dto.language;
        changed.push('language');
      }
      if (dto.title !== undefined && dto.title !== row.title) {
        row.title = dto.title;
        changed.push('title');
      }
      if (dto.content !== undefined && dto.content !== row.content) {
        row.content = dto.content;
        changed.push('content');
      }
      const publishedAt = dto.publishedAt === undefined ? null : parseIsoDateTime(dto.publishedAt);
      if (publishedAt && publishedAt.getTime() !== row.publishedAt.getTime()) {
        row.publishedAt = publishedAt;
        changed.push('publishedAt');
      }
      if (dto.active !== undefined && dto.active !== row.active) {
        row.active = dto.active;
        changed.push('active');
      }
      const saved = changed.length ? await m.save(row) : row;
      await this.audit.record(
        {
          adminId: actor.id,
          action: 'announcement.updated',
          targetType: 'announcement',
          targetId: String(id),
          detail: { changed },
          ip: actor.ip,
        },
        m,
      );
      return saved;
    });
  }

  remove(id: number, actor: AdminActor): Promise<Announcement> {
    return auditedWrite(this.dataSource, async (m) => {
      const row = await m.findOne(Announcement, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!row) throw new AppException(ErrorCode.NotFound);
      await m.delete(Announcement, { id });
      await this.audit.record(
        {
          adminId: actor.id,
          action: 'announcement.deleted',
          targetType: 'announcement',
          targetId: String(id),
          detail: { language: row.language, title: row.title },
          ip: actor.ip,
        },
        m,
      );
      return row;
    });
  }
}
