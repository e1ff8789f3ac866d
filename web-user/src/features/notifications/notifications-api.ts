import { http } from '../../api/http-client';

/**
 * The user's own notifications (services/content/src/notifications): a deposit, withdrawal or KYC
 * reviewed, a loan due, an NFT won, a security change... in the language of the request.
 */
export interface UserNotification {
  id: string;
  type: string;
  title: string;
  content: string;
  refType: string | null;
  refId: string | null;
  read: boolean;
  createdAt: string;
}

export interface NotificationPage {
  list: UserNotification[];
  total: number;
  unread: number;
}

/** The red dot: unread notifications, and announcements published since the bell was last opened. */
export interface NotificationCounts {
  unread: number;
  announcements: number;
}

export const notificationsApi = {
  /** Newest first. */
  list: (pageNum: number, pageSize: number, signal?: AbortSignal) =>
    http.get<NotificationPage>('user/listNotification', { pageNum, pageSize }, signal),
  counts: (signal?: AbortSignal) =>
    http.get<NotificationCounts>('user/unreadNotification', undefined, signal),
  /** Without ids: all of mine, and the announcements seen (the bell was opened). */
  read: (ids?: string[]) =>
    http.post<NotificationCounts>('user/readNotification', ids === undefined ? {} : { ids }),
};
