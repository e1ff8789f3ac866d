import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { DataSource, EntityManager, Repository } from 'typeorm';
import { AdminAuditService } from '@app/accounts';
import {
  AppException,
  DEFAULT_LANGUAGE,
  ErrorCode,
  listPage,
  normalizeLanguage,
  type Language,
  type ListQuery,
} from '@app/common';
import type { AdminActor } from '../shared/admin-actor';
import { filterIds, intId } from '../shared/admin-list';
import { auditedWrite } from '../shared/db-errors';
import type { CreateContentDto, UpdateContentDto } from './dto/content.dto';
import { ContentItem, type ContentSection } from './entities/content-item.entity';

/** `listContents/{language}`: zh-tw is zh there (spec, section 7); every other tag as usual. */
export function contentLanguage(raw: string): Language {
  const tag = raw.trim().toLowerCase().replace('_', '-');
  if (tag === 'zh-tw') return 'zh';
  return normalizeLanguage(tag) ?? DEFAULT_LANGUAGE;
}

const group = (r: ContentItem) => `${r.section}:${r.type}`;
/** The order of the customer list: by type, then sort order (the footer groups without re-sorting). */
const byListOrder = (a: ContentItem, b: ContentItem) =>
  a.type - b.type || a.sortOrder - b.sortOrder || a.id - b.id;

export const CONTENT_SORTABLE = ['id', 'type', 'language', 'section', 'sortOrder', 'title', 'updatedAt'];

@Injectable()
export class ContentsService {
  constructor(
    @InjectRepository(ContentItem) private readonly items: Repository<ContentItem>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AdminAuditService,
  ) {}

  /**
   * The published titles of a language. The spec's rule for this route: `zh-tw` reads the `zh`
   * items (unlike the interface language, where zh-TW is hk); `hk` and `zh-HK` stay hk. A known
   * language that has no item of a group (section and type) shows the English items of that group;
   * an unknown language reads English.
   */
  async listPublished(rawLanguage: string, section?: ContentSection) {
    const language = contentLanguage(rawLanguage);
    let rows = await this.findPublished(language, section);
    if (language !== DEFAULT_LANGUAGE) {
      const present = new Set(rows.map(group));
      const fallback = (await this.findPublished(DEFAULT_LANGUAGE, section)).filter(
        (r) => !present.has(group(r)),
      );
      if (fallback.length) rows = [...rows, ...fallback].sort(byListOrder);
    }
    return rows.map((r) => ({
      id: r.id,
      slug: r.slug,
      section: r.section,
      type: r.type,
      language: r.language,
      title: r.title,
      sortOrder: r.sortOrder,
    }));
  }

  async getPublished(id: number) {
    const r = await this.items.findOneBy({ id, published: true });
    if (!r) throw new AppException(ErrorCode.NotFound);
    return {
      id: r.id,
      slug: r.slug,
      section: r.section,
      type: r.type,
      language: r.language,
      title: r.title,
      body: r.body,
      updatedAt: r.updatedAt,
    };
  }

  private findPublished(language: Language, section?: ContentSection) {
    return this.items.find({
      where: { language, published: true, ...(section ? { section } : {}) },
      order: { type: 'ASC', sortOrder: 'ASC', id: 'ASC' },
    });
  }

  // --- admin ---

  async adminList(list: ListQuery): Promise<[ContentItem[], number]> {
    const qb = this.items.createQueryBuilder('c');
    const f = list.filter;
    const ids = filterIds(f.id, intId);
    if (ids) qb.andWhere('c.id IN (:...ids)', { ids: ids.length ? ids : [-1] });
    if (typeof f.language === 'string') qb.andWhere('c.language = :language', { language: f.language });
    if (f.type !== undefined) qb.andWhere('c.type = :type', { type: Number(f.type) || 0 });
    if (typeof f.section === 'string') qb.andWhere('c.section = :section', { section: f.section });
    if (typeof f.slug === 'string') qb.andWhere('c.slug = :slug', { slug: f.slug });
    if (typeof f.published === 'boolean') qb.andWhere('c.published = :published', { published: f.published });
    if (typeof f.q === 'string' && f.q) {
      qb.andWhere('(c.title ILIKE :q OR c.slug ILIKE :q)', { q: `%${f.q.replace(/[%_\\]/g, '\\$&')}%` });
    }
    return listPage(qb, list);
  }

  async adminGet(id: number): Promise<ContentItem> {
    const r = await this.items.findOneBy({ id });
    if (!r) throw new AppException(ErrorCode.NotFound);
    return r;
  }

  async create(dto: CreateContentDto, actor: AdminActor): Promise<ContentItem> {
    return this.write(async (m) => {
      const saved = await m.save(
        m.create(ContentItem, {
          type: dto.type,
          language: dto.language,
          title: dto.title,
          body: dto.body,
          section: dto.section ?? 'footer',
          slug: dto.slug ?? null,
          sortOrder: dto.sortOrder ?? 0,
          published: dto.published ?? true,
        }),
      );
      await this.audit.record(
        {
          adminId: actor.id,
          action: 'content.created',
          targetType: 'content_item',
          targetId: String(saved.id),
          detail: { language: saved.language, slug: saved.slug, title: saved.title },
          ip: actor.ip,
        },
        m,
      );
      return saved;
    });
  }

  async update(id: number, dto: UpdateContentDto, actor: AdminActor): Promise<ContentItem> {
    return this.write(async (m) => {
      const row = await m.findOne(ContentItem, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!row) throw new AppException(ErrorCode.NotFound);
      const changed: string[] = [];
      for (const field of [
        'type',
        'language',
        'title',
        'body',
        'section',
        'slug',
        'sortOrder',
        'published',
      ] as const) {
        if (dto[field] !== undefined && dto[field] !== row[field]) {
          (row as unknown as Record<string, unknown>)[field] = dto[field];
          changed.push(field);
        }
      }
      const saved = changed.length ? await m.save(row) : row;
      await this.audit.record(
        {
          adminId: actor.id,
          action: 'content.updated',
          targetType: 'content_item',
          targetId: String(id),
          detail: { changed },
          ip: actor.ip,
        },
        m,
      );
      return saved;
    });
  }

  async remove(id: number, actor: AdminActor): Promise<ContentItem> {
    return this.write(async (m) => {
      const row = await m.findOne(ContentItem, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!row) throw new AppException(ErrorCode.NotFound);
      await m.delete(ContentItem, { id });
      await this.audit.record(
        {
          adminId: actor.id,
          action: 'content.deleted',
          targetType: 'content_item',
          targetId: String(id),
          detail: { language: row.language, slug: row.slug, title: row.title },
          ip: actor.ip,
        },
        m,
      );
      return row;
    });
  }

  private write<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    return auditedWrite(this.dataSource, work);
  }
}
