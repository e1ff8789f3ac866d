import type { EntityManager } from 'typeorm';

/** What a notification is about; the user app picks an icon and a link by it. */
export type NotificationType =
  'deposit' | 'withdrawal' | 'kyc' | 'loan' | 'order' | 'nft' | 'support' | 'system';

export interface NotificationInput {
  userId: string;
  type: NotificationType;
  /**
   * Unique per business effect (e.g. `deposit-approved-<id>`): writing the same key twice keeps one
   * notification, so a retried job or request never notifies twice.
   */
  key: string;
  /**
   * i18n keys (libs/common locales) of the title and body, shown in the reader's language; `params`
   * fill their placeholders. A text that is not a key is shown as it is.
   */
  title: string;
  body: string;
  params?: Record<string, string | number>;
  /** What it refers to, for the app to link (e.g. `{type: 'nft', id: '12'}`). */
  refType?: string;
  refId?: string;
}

/**
 * Per-user notifications (the bell and its red dot), owned by the content service. Other services
 * inject `NOTIFICATIONS` and call `notify` when something happened to a user: with their
 * EntityManager it commits with their own rows; without, it is written at once and pushed live to
 * the user's sockets.
 */
export interface Notifications {
  notify(input: NotificationInput, manager?: EntityManager): Promise<void>;
}

export const NOTIFICATIONS = Symbol('NOTIFICATIONS');
