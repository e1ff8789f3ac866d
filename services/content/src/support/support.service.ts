import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type Redis from 'ioredis';
import type { DataSource, EntityManager } from 'typeorm';
import { AdminAuditService } from '@app/accounts';
import {
  APP_CONFIG,
  AppException,
  ErrorCode,
  FILE_STORAGE,
  imageContentType,
  listPage,
  SYSTEM_PARAMETERS,
  type AppConfig,
  type FileStorage,
  type ListQuery,
  type SystemParameterReader,
  type UploadedImage,
} from '@app/common';
import { REDIS_CLIENT } from '@app/queue';
import type { AdminActor } from '../shared/admin-actor';
import { SupportConversation, SupportMessage } from './entities/support.entity';
import { AGENTS_ROOM, SupportSockets, userRoom, visitorRoom } from './support-sockets';

/** Who writes on the customer side: a logged-in user or a visitor (by their visitor id). */
export interface Party {
  kind: 'user' | 'visitor';
  id: string;
}

/** How long an image link in a message view works (an <img> needs no header). */
const IMAGE_URL_LIFETIME_MS = 3_600_000;
export const SUPPORT_IMAGE_PATH = '/swx/customer/index/supportImage';

function roomOf(c: SupportConversation): string {
  return c.userId ? userRoom(c.userId) : visitorRoom(c.visitorId ?? '');
}

/**
 * A new message: to the customer's sockets its messageView; to the agents' the same with the
 * conversation's `userId`, `visitorId`, `agentUnread` and `conversation`, its new state as the
 * conversations list returns it (conversationView), so that a console updates its row in place.
 */
export const MESSAGE_EVENT = 'message';
/** To the agents: a conversation's new state (a close), with its conversationView. */
export const CONVERSATION_EVENT = 'conversation';
export const MAX_MESSAGE_LENGTH = 2000;
export const CONVERSATION_SORTABLE = ['id', 'lastMessageAt', 'agentUnread', 'status', 'createdAt'];

/**
 * What a logged-out visitor may send from one address: a visitor id costs nothing to make, so the
 * address is what bounds them (texts per minute, images per hour, each image up to upload_max_mb).
 */
export const VISITOR_LIMITS = {
  message: { max: 30, windowSeconds: 60 },
  image: { max: 20, windowSeconds: 3600 },
} as const;

/**
 * What a logged-in customer may send, per account, over HTTP and the socket together: the visitors'
 * figures (a person chatting with an agent needs no more), so that one account cannot fill the
 * storage with images or the agents' screens with texts. Agents are not limited.
 */
export const CUSTOMER_LIMITS = {
  message: { max: 30, windowSeconds: 60 },
  image: { max: 20, windowSeconds: 3600 },
} as const;

type SupportLimit = { readonly max: number; readonly windowSeconds: number };

/** A chat text: trimmed, 1..2000 characters, no control characters but line breaks; else null. */
export function cleanMessage(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const text = raw.replace(/\r\n?/g, '\n').trim();
  if (text.length === 0 || text.length > MAX_MESSAGE_LENGTH) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000b-\u001f\u007f]/.test(text)) return null;
  return text;
}

/** An optional client message id (for resends); else undefined, or null when malformed. */
export function cleanClientId(raw: unknown): string | undefined | null {
  if (raw === undefined || raw === null) return undefined;
  return typeof raw === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(raw) ? raw : null;
}

/**
 * Online support: one conversation per customer, messages kept in Postgres, unread counts on both
 * sides, live delivery on the /support sockets of the customer and of every agent. Agent replies
 * are audited.
 */
@Injectable()
export class SupportService {
  private readonly logger = new Logger('SupportService');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly sockets: SupportSockets,
    private readonly audit: AdminAuditService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    @Optional() @Inject(SYSTEM_PARAMETERS) private readonly parameters?: SystemParameterReader,
  ) {}

  /** Counts a visitor's text or image from `address` in its window; past the limit, 429. */
  limitVisitor(address: string, what: keyof typeof VISITOR_LIMITS): Promise<void> {
    return this.limit(`support:visitor-${what}:${address}`, VISITOR_LIMITS[what]);
  }

  /** Counts a customer's text or image (HTTP or socket) in its window; past the limit, 429. */
  limitCustomer(userId: string, what: keyof typeof CUSTOMER_LIMITS): Promise<void> {
    return this.limit(`support:user-${what}:${userId}`, CUSTOMER_LIMITS[what]);
  }

  private async limit(name: string, { max, windowSeconds }: SupportLimit): Promise<void> {
    const window = Math.floor(Date.now() / 1000 / windowSeconds);
    const key = `${name}:${window}`; // the client adds the run's prefix
    const [[, count]] = (await this.redis.multi().incr(key).expire(key, windowSeconds).exec()) as [
      [Error | null, number],
    ];
    if (count > max) throw new AppException(ErrorCode.TooManyRequests);
  }

  /** Upload size limit in MB: the system parameter upload_max_mb (DESIGN.md: default 2). */
  async maxUploadMegabytes(): Promise<number> {
    const value = Number(await this.parameters?.get('upload_max_mb'));
    return Number.isFinite(value) && value > 0 ? value : 2;
  }

  /** A customer's message (kept for the HTTP API and the gateway). */
  userSend(userId: string, body: string, clientId?: string) {
    return this.send({ kind: 'user', id: userId }, body, clientId);
  }

  /**
   * A customer's or visitor's message (a text, an image or both): stored once (per client id),
   * then pushed to their sockets and the agents. The image is stored before the row that names it.
   */
  async send(party: Party, body: string, clientId?: string, image?: UploadedImage) {
    const stored = image ? await this.storeImage(image) : null;
    const { conversation, message, created } = await this.dataSource
      .transaction(async (m) => {
        const conversation = await this.lockConversation(m, party);
        const existing = clientId
          ? await m.findOneBy(SupportMessage, { conversationId: conversation.id, sender: 'user', clientId })
          : null;
        if (existing) return { conversation, message: existing, created: false };
        const message = await m.save(
          m.create(SupportMessage, {
            conversationId: conversation.id,
            sender: 'user',
            agentId: null,
            body,
            clientId: clientId ?? null,
            imageKey: stored?.key ?? null,
            imageType: stored?.type ?? null,
          }),
        );
        // A closed conversation the customer writes to again is open again, back in every agent's
        // queue (the list's default filter) with its unread count, as a help desk reopens a solved
        // ticket on the customer's reply. There is no assignee here: any agent takes it up.
        conversation.status = 'open';
        conversation.agentUnread += 1;
        conversation.lastMessageAt = message.createdAt;
        await m.save(conversation);
        return { conversation, message, created: true };
      })
      .catch(async (error: unknown) => {
        // The message was not saved: its image, stored before, would be kept by nothing; the
        // client is told of the message's own error.
        if (stored) await this.discardImage(stored.key, 'its message was not saved');
        throw error;
      });
    // A resend: the first one's image stays. The message is saved either way, so a failed removal
    // is the log's business, not an error for the client.
    if (!created && stored) await this.discardImage(stored.key, 'its message was a resend');
    const view = this.messageView(message);
    if (created) this.push(conversation, message, view);
    return view;
  }

  /**
   * A new message live: to the customer's sockets, and to the agents' with the conversation's new
   * state (the row of their list). The conversation was saved with this message, its last one.
   */
  private push(
    conversation: SupportConversation,
    message: SupportMessage,
    view: ReturnType<SupportService['messageView']>,
  ): void {
    this.sockets.emit(roomOf(conversation), MESSAGE_EVENT, view);
    this.sockets.emit(AGENTS_ROOM, MESSAGE_EVENT, {
      ...view,
      userId: conversation.userId,
      visitorId: conversation.visitorId,
      agentUnread: conversation.agentUnread,
      conversation: this.conversationView(conversation, message),
    });
  }

  /** Removes an image no message names; a failed removal leaves it behind, said in the log (to be removed by hand). */
  private async discardImage(key: string, why: string): Promise<void> {
    await this.storage
      .remove(key)
      .catch((removal: unknown) =>
        this.logger.warn(
          `support image ${key} left in the storage: ${why} and removing it failed: ${removal instanceof Error ? removal.message : String(removal)}`,
        ),
      );
  }

  private async storeImage(image: UploadedImage): Promise<{ key: string; type: string }> {
    const key = `support/${randomUUID()}.${image.type}`;
    await this.storage.put(key, image.buffer, imageContentType(image.type));
    return { key, type: image.type };
  }

  /** An image of a message through its signed link that expires. */
  async image(id: string, exp: string, sig: string): Promise<{ type: string; data: Buffer }> {
    const expiresAt = Number(exp);
    if (!/^\d{1,18}$/.test(id) || !Number.isFinite(expiresAt) || expiresAt < Date.now())
      throw new AppException(ErrorCode.NotFound);
    const expected = Buffer.from(this.sign(id, expiresAt), 'hex');
    const given = Buffer.from(/^[0-9a-f]{64}$/.test(sig) ? sig : '', 'hex');
    if (expected.length !== given.length || !timingSafeEqual(expected, given))
      throw new AppException(ErrorCode.NotFound);
    const row = await this.dataSource.getRepository(SupportMessage).findOneBy({ id });
    const data = row?.imageKey ? await this.storage.get(row.imageKey) : null;
    if (!row?.imageType || !data) throw new AppException(ErrorCode.NotFound);
    return { type: imageContentType(row.imageType), data };
  }

  private sign(id: string, expiresAt: number): string {
    return createHmac('sha256', this.config.jwtSecret).update(`support:${id}:${expiresAt}`).digest('hex');
  }

  /** An agent's reply (audited), pushed to the customer's sockets and the other agents. */
  async agentReply(conversationId: string, body: string, actor: AdminActor, clientId?: string) {
    const { conversation, message, created } = await this.dataSource.transaction(async (m) => {
      const conversation = await m.findOne(SupportConversation, {
        where: { id: conversationId },
        lock: { mode: 'pessimistic_write' },
      });
      if (!conversation) throw new AppException(ErrorCode.NotFound);
      const existing = clientId
        ? await m.findOneBy(SupportMessage, { conversationId, sender: 'agent', clientId })
        : null;
      if (existing) return { conversation, message: existing, created: false };
      const message = await m.save(
        m.create(SupportMessage, {
          conversationId,
          sender: 'agent',
          agentId: actor.id,
          body,
          clientId: clientId ?? null,
        }),
      );
      conversation.userUnread += 1;
      // An agent answering a closed conversation takes it up again: it is open, in the agents'
      // queue, while the customer's answer is awaited (closing is a deliberate act, done again once
      // the exchange is over); a closed one would drop out of the list as the talk goes on.
      conversation.status = 'open';
      // An agent answering has read what the customer wrote.
      conversation.agentUnread = 0;
      conversation.lastMessageAt = message.createdAt;
      await m.save(conversation);
      await this.audit.record(
        {
          adminId: actor.id,
          action: 'support.replied',
          targetType: 'support_conversation',
          targetId: conversationId,
          detail: { messageId: message.id, length: body.length },
          ip: actor.ip,
        },
        m,
      );
      return { conversation, message, created: true };
    });
    const view = this.messageView(message);
    if (created) this.push(conversation, message, view);
    return view;
  }

  /** A customer's history, oldest first, `limit` messages before `before` (for scrolling back). */
  userHistory(userId: string, before: string | undefined, limit: number) {
    return this.history({ kind: 'user', id: userId }, before, limit);
  }

  async history(party: Party, before: string | undefined, limit: number) {
    const conversation = await this.dataSource
      .getRepository(SupportConversation)
      .findOneBy(party.kind === 'user' ? { userId: party.id } : { visitorId: party.id });
    if (!conversation) return { list: [], unread: 0, hasMore: false };
    const messages = await this.page(conversation.id, before, limit);
    return { ...messages, unread: conversation.userUnread };
  }

  /** The customer (or visitor) read the agents' messages. */
  userRead(userId: string) {
    return this.read({ kind: 'user', id: userId });
  }

  async read(party: Party) {
    await this.dataSource.query(
      `UPDATE content.support_conversations SET user_unread = 0
        WHERE ${party.kind === 'user' ? 'user_id = $1::uuid' : 'visitor_id = $1'} AND user_unread > 0`,
      [party.id],
    );
    return { unread: 0 };
  }

  async adminConversations(
    list: ListQuery,
  ): Promise<[ReturnType<SupportService['conversationView']>[], number]> {
    const qb = this.dataSource.getRepository(SupportConversation).createQueryBuilder('c');
    const f = list.filter;
    if (Array.isArray(f.id))
      qb.andWhere('c.id::text IN (:...ids)', { ids: f.id.length ? f.id.map(String) : ['-1'] });
    if (typeof f.status === 'string') qb.andWhere('c.status = :status', { status: f.status });
    if (typeof f.userId === 'string') qb.andWhere('c.user_id::text = :userId', { userId: f.userId });
    if (f.visitor === true) qb.andWhere('c.visitor_id IS NOT NULL');
    if (f.visitor === false) qb.andWhere('c.user_id IS NOT NULL');
    if (f.unread === true) qb.andWhere('c.agent_unread > 0');
    const [rows, total] = await listPage(qb, list, { field: 'id', order: 'DESC' });
    const last = await this.lastMessages(rows.map((r) => r.id));
    return [rows.map((c) => this.conversationView(c, last.get(c.id))), total];
  }

  async adminConversation(id: string) {
    const c = await this.dataSource.getRepository(SupportConversation).findOneBy({ id });
    if (!c) throw new AppException(ErrorCode.NotFound);
    return this.conversationView(c, (await this.lastMessages([id])).get(id));
  }

  async adminMessages(id: string, before: string | undefined, limit: number) {
    if (!(await this.dataSource.getRepository(SupportConversation).existsBy({ id })))
      throw new AppException(ErrorCode.NotFound);
    return this.page(id, before, limit);
  }

  /**
   * An agent closes a conversation (audited); the customer writing again reopens it. Every agent's
   * console hears of it (`conversation` on the agents' room), as it does of new messages.
   */
  async close(id: string, actor: AdminActor) {
    const closed = await this.dataSource.transaction(async (m) => {
      const c = await m.findOne(SupportConversation, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!c) throw new AppException(ErrorCode.NotFound);
      c.status = 'closed';
      c.agentUnread = 0;
      await m.save(c);
      await this.audit.record(
        {
          adminId: actor.id,
          action: 'support.closed',
          targetType: 'support_conversation',
          targetId: id,
          ip: actor.ip,
        },
        m,
      );
      return c;
    });
    const view = this.conversationView(closed, (await this.lastMessages([id])).get(id));
    this.sockets.emit(AGENTS_ROOM, CONVERSATION_EVENT, view);
    return view;
  }

  private async page(conversationId: string, before: string | undefined, limit: number) {
    const qb = this.dataSource
      .getRepository(SupportMessage)
      .createQueryBuilder('m')
      .where('m.conversation_id = :conversationId', { conversationId });
    if (before) qb.andWhere('m.id < :before', { before });
    const rows = await qb
      .orderBy('m.id', 'DESC')
      .take(limit + 1)
      .getMany();
    const hasMore = rows.length > limit;
    return {
      list: rows
        .slice(0, limit)
        .reverse()
        .map((r) => this.messageView(r)),
      hasMore,
    };
  }

  private async lastMessages(ids: string[]): Promise<Map<string, SupportMessage>> {
    if (ids.length === 0) return new Map();
    const rows = await this.dataSource
      .getRepository(SupportMessage)
      .createQueryBuilder('m')
      .distinctOn(['m.conversation_id'])
      .where('m.conversation_id IN (:...ids)', { ids })
      .orderBy('m.conversation_id')
      .addOrderBy('m.id', 'DESC')
      .getMany();
    return new Map(rows.map((r) => [r.conversationId, r]));
  }

  private async lockConversation(m: EntityManager, party: Party): Promise<SupportConversation> {
    // Created on the first message; the unique user_id / visitor_id makes two first messages share one.
    const column = party.kind === 'user' ? 'user_id' : 'visitor_id';
    await m.query(
      `INSERT INTO content.support_conversations (${column}) VALUES ($1) ON CONFLICT (${column}) DO NOTHING`,
      [party.id],
    );
    return m.findOneOrFail(SupportConversation, {
      where: party.kind === 'user' ? { userId: party.id } : { visitorId: party.id },
      lock: { mode: 'pessimistic_write' },
    });
  }

  messageView(m: SupportMessage) {
    return {
      id: m.id,
      conversationId: m.conversationId,
      sender: m.sender,
      body: m.body,
      imageUrl: m.imageKey ? this.imageUrl(m.id) : null,
      clientId: m.clientId,
      createdAt: m.createdAt.toISOString(),
    };
  }

  private imageUrl(id: string): string {
    const expiresAt = Date.now() + IMAGE_URL_LIFETIME_MS;
    return `${SUPPORT_IMAGE_PATH}/${id}?exp=${expiresAt}&sig=${this.sign(id, expiresAt)}`;
  }

  conversationView(c: SupportConversation, last: SupportMessage | undefined) {
    return {
      id: c.id,
      userId: c.userId,
      visitorId: c.visitorId,
      status: c.status,
      agentUnread: c.agentUnread,
      userUnread: c.userUnread,
      lastMessageAt: c.lastMessageAt.toISOString(),
      // Its id orders a conversation's states: each message has a greater one (taken under the
      // conversation's lock), and a close keeps it; a console drops an event older than its row.
      lastMessage: last
        ? { id: last.id, sender: last.sender, body: last.body.slice(0, 200), image: last.imageKey !== null }
        : null,
      createdAt: c.createdAt.toISOString(),
    };
  }
}
