import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import {
  DEFAULT_LANGUAGE,
  translate,
  type Language,
  type NotificationInput,
  type Notifications,
} from '@app/common';
import { UserNotification } from './entities/notification.entity';

/** index/listnotify shows at most this many announcements; more unseen ones count as this many. */
const ANNOUNCEMENTS_SHOWN = 50;

/** Postgres channel of new notifications: delivered only when the writing transaction commits. */
export const NOTIFICATION_CHANNEL = 'swx_notifications';

export interface NotificationSignal {
  userId: string;
  id: string;
}

/**
 * The bell: notifications written by every service (NOTIFICATIONS), listed and marked read by their
 * owner. A new one is announced with pg_notify in the writer's transaction, so the live push to the
 * user's sockets happens after the commit and never for a rolled-back effect.
 */
@Injectable()
export class NotificationsService implements Notifications {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async notify(input: NotificationInput, manager?: EntityManager): Promise<void> {
    const m = manager ?? this.dataSource.manager;
    const rows: { id: string }[] = await m.query(
      `INSERT INTO content.notifications (user_id, type, key, title, body, params, ref_type, ref_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (key) DO NOTHING RETURNING id`,
      [
        input.userId,
        input.type,
        input.key,
        input.title,
        input.body,
        JSON.stringify(input.params ?? {}),
        input.refType ?? null,
        input.refId ?? null,
      ],
    );
    if (rows.length === 0) return; // told before
    const signal: NotificationSignal = { userId: input.userId, id: String(rows[0].id) };
    await m.query(`SELECT pg_notify($1, $2)`, [NOTIFICATION_CHANNEL, JSON.stringify(signal)]);
  }

  /**
   * Many notifications in one statement (a scan of the ledger tells thousands at once): the rows
   * whose key is new are inserted and announced, as `notify` does one by one. Answers how many
   * were new.
   */
  async notifyMany(inputs: NotificationInput[], manager?: EntityManager): Promise<number> {
    if (inputs.length === 0) return 0;
    const m = manager ?? this.dataSource.manager;
    const rows: { told: number }[] = await m.query(
      `WITH inserted AS (
         INSERT INTO content.notifications (user_id, type, key, title, body, params, ref_type, ref_id)
         SELECT * FROM unnest($2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::jsonb[],
                              $8::text[], $9::text[])
         ON CONFLICT (key) DO NOTHING
         RETURNING id, user_id
       )
       SELECT count(pg_notify($1, json_build_object('userId', user_id, 'id', id::text)::text))::int AS told
         FROM inserted`,
      [
        NOTIFICATION_CHANNEL,
        inputs.map((i) => i.userId),
        inputs.map((i) => i.type),
        inputs.map((i) => i.key),
        inputs.map((i) => i.title),
        inputs.map((i) => i.body),
        inputs.map((i) => JSON.stringify(i.params ?? {})),
        inputs.map((i) => i.refType ?? null),
        inputs.map((i) => i.refId ?? null),
      ],
    );
    return rows[0].told;
  }

  /** My notifications, newest first, with the unread count for the red dot. */
  async list(userId: string, language: Language, page: number, size: number, unreadOnly: boolean) {
    const repo = this.dataSource.getRepository(UserNotification);
    const qb = repo.createQueryBuilder('n').where('n.user_id = :userId', { userId });
    if (unreadOnly) qb.andWhere('n.read_at IS NULL');
    const [rows, total] = await qb
      .orderBy('n.id', 'DESC')
      .skip((page - 1) * size)
      .take(size)
      .getManyAndCount();
    return { list: rows.map((n) => this.view(n, language)), total, unread: await this.unread(userId) };
  }

  async unread(userId: string): Promise<number> {
    const rows: { n: number }[] = await this.dataSource.query(
      `SELECT count(*)::int AS n FROM content.notifications WHERE user_id = $1 AND read_at IS NULL`,
      [userId],
    );
    return rows[0].n;
  }

  /** Marks the given notifications (or all) of the user read; others' ids are ignored. */
  async markRead(userId: string, ids: string[] | undefined) {
    if (ids && ids.length === 0) return { unread: await this.unread(userId) };
    await this.dataSource.query(
      `UPDATE content.notifications SET read_at = now()
        WHERE user_id = $1 AND read_at IS NULL AND ($2::bigint[] IS NULL OR id = ANY($2::bigint[]))`,
      [userId, ids ?? null],
    );
    return { unread: await this.unread(userId) };
  }

  /**
   * The bell's red dot for announcements (index/listnotify): how many of the live announcements the
   * user would be shown (their language, English when it has none) appeared since they last opened
   * the bell. One published with a back date still counts by its creation time.
   */
  async unseenAnnouncements(userId: string, language: Language): Promise<number> {
    const rows: { n: number }[] = await this.dataSource.query(
      `WITH shown AS (
         SELECT CASE WHEN EXISTS (SELECT 1 FROM content.announcements
                                   WHERE language = $2 AND active AND published_at <= now())
                     THEN $2 ELSE $3 END AS language)
       SELECT least(count(*), ${ANNOUNCEMENTS_SHOWN})::int AS n
         FROM content.announcements a JOIN shown ON a.language = shown.language
        WHERE a.active AND a.published_at <= now()
          AND greatest(a.published_at, a.created_at) >
              coalesce((SELECT seen_at FROM content.announcement_reads WHERE user_id = $1), '-infinity')`,
      [userId, language, DEFAULT_LANGUAGE],
    );
    return rows[0].n;
  }

  /** The user opened the bell: every announcement live now is seen (remembered with the account). */
  async markAnnouncementsSeen(userId: string): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO content.announcement_reads (user_id, seen_at) VALUES ($1, now())
       ON CONFLICT (user_id) DO UPDATE SET seen_at = greatest(content.announcement_reads.seen_at, now())`,
      [userId],
    );
  }

  async findForPush(signal: NotificationSignal): Promise<UserNotification | null> {
    return this.dataSource
      .getRepository(UserNotification)
      .findOneBy({ id: signal.id, userId: signal.userId });
  }

  /**
   * A notification in the reader's language, its amounts written their way ("5,000" / "5.000"):
   * `translate` writes them (the stored params are decimal strings).
   */
  view(n: UserNotification, language: Language) {
    const params = n.params;
    return {
      id: n.id,
      type: n.type,
      title: translate(language, n.title, params),
      content: translate(language, n.body, params),
      refType: n.refType,
      refId: n.refId,
      read: n.readAt !== null,
      createdAt: n.createdAt.toISOString(),
    };
  }
}
