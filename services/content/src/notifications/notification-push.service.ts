import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import { SupportSockets, userRoom } from '../support/support-sockets';
import { NOTIFICATION_CHANNEL, NotificationsService, type NotificationSignal } from './notifications.service';

export const NOTIFICATION_EVENT = 'notification';
const RECONNECT_MS = 2_000;

/**
 * Every process LISTENs on the notification channel (its own Postgres connection) and pushes each
 * committed notification to its own sockets of that user (`notification` on /support).
 */
@Injectable()
export class NotificationPushService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('NotificationPush');
  private client: Client | undefined;
  private closing = false;
  private retry: NodeJS.Timeout | undefined;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly notifications: NotificationsService,
    private readonly sockets: SupportSockets,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.connect();
  }

  private async connect(): Promise<void> {
    const url = (this.dataSource.options as { url?: string }).url;
    const client = new Client({ connectionString: url, application_name: 'swx-notify' });
    client.on('notification', (msg) => {
      if (msg.channel === NOTIFICATION_CHANNEL && msg.payload) void this.push(msg.payload);
    });
    client.on('error', (error) => {
      this.logger.warn(`listener: ${error.message}`);
      this.reconnect(client);
    });
    client.on('end', () => this.reconnect(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${NOTIFICATION_CHANNEL}`);
      this.client = client;
    } catch (error) {
      this.logger.warn(`listener not connected: ${(error as Error).message}`);
      this.reconnect(client);
    }
  }

  /** A lost connection is replaced; pushes missed meanwhile stay in the list the app reads. */
  private reconnect(old: Client): void {
    if (this.closing || this.retry || (this.client && this.client !== old)) return;
    this.client = undefined;
    void old.end().catch(() => undefined);
    this.retry = setTimeout(() => {
      this.retry = undefined;
      void this.connect();
    }, RECONNECT_MS);
  }

  private async push(payload: string): Promise<void> {
    try {
      const signal = JSON.parse(payload) as NotificationSignal;
      // Most users are not connected here: no read of the row for them (every process hears all).
      if (!this.sockets.hasLocal(userRoom(signal.userId))) return;
      const row = await this.notifications.findForPush(signal);
      if (!row) return;
      await this.sockets.emitLocalPerLanguage(userRoom(row.userId), NOTIFICATION_EVENT, (language) =>
        this.notifications.view(row, language),
      );
    } catch (error) {
      this.logger.warn(`push: ${(error as Error).message}`);
    }
  }

  async onModuleDestroy(): Promise<void> {
    this.closing = true;
    clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }
}
