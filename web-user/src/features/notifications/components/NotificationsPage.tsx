import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../api/http-client';
import { useSession } from '../../../shared/session';
import { PageHeader } from '../../../shared/ui/Field';
import { AsyncView, ErrorState } from '../../../shared/ui/StateViews';
import { Tabs } from '../../../shared/ui/Tabs';
import { toast } from '../../../shared/ui/Toast';
import { NoticeList, NoticePage } from '../../content/components/HelpPages';
import { notificationsApi, type UserNotification } from '../notifications-api';
import { notificationsStore, useNotificationsState } from '../notificationsStore';
import { NotificationItem } from './NotificationItem';
import '../notifications.css';

const PAGE_SIZE = 20;

type Tab = 'mine' | 'announcements';

/**
 * /profile/notification: the user's own notifications (paged, newest first) and the announcements.
 * Logged out there are only the announcements.
 */
export function NotificationsPage() {
  const { isLogin } = useSession();
  return isLogin ? <UserNotificationsPage /> : <NoticePage />;
}

function UserNotificationsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'announcements' ? 'announcements' : 'mine';
  const list = useNotificationList();
  const { counts } = useNotificationsState();
  const unread = (counts?.unread ?? 0) > 0 || (list.items?.some((n) => !n.read) ?? false);
  const [marking, setMarking] = useState(false);

  const markAll = async () => {
    setMarking(true);
    try {
      await notificationsStore.markAllRead();
      toast(t('notifications.allRead'), 'success');
    } catch (error) {
      toast(error instanceof ApiError ? error.message : t('errors.unknown'), 'error');
    } finally {
      setMarking(false);
    }
  };

  return (
    <div className="container page narrow" data-testid="notifications-page">
      <PageHeader
        title={t('nav.notifications')}
        subtitle={t('notifications.subtitle')}
        actions={
          tab === 'mine' && (
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              data-testid="mark-all-read"
              disabled={!unread || marking}
              onClick={() => void markAll()}
            >
              {t('notifications.markAllRead')}
            </button>
          )
        }
      />
      <Tabs
        value={tab}
        label={t('nav.notifications')}
        testId="notification-tabs"
        options={[
          { key: 'mine', label: t('notifications.mine') },
          { key: 'announcements', label: t('nav.announcements') },
        ]}
        onChange={(k) => setParams(k === 'mine' ? {} : { tab: k }, { replace: true })}
      />
      {tab === 'mine' ? <MyNotifications list={list} /> : <NoticeList />}
    </div>
  );
}

interface NotificationList {
  items: UserNotification[] | undefined;
  total: number;
  error: ApiError | null;
  loading: boolean;
  /** A further page failed to load (the pages before stay). */
  moreError: ApiError | null;
  loadingMore: boolean;
  reload: () => void;
  loadMore: () => void;
  markRead: (item: UserNotification) => void;
}

const asApiError = (error: unknown) => (error instanceof ApiError ? error : new ApiError(0, String(error)));

/**
 * The pages loaded so far, newest first. A live push (or the page coming back into view) adds what
 * is new on top; "mark all read" anywhere (the bell too) shows them all read.
 */
function useNotificationList(): NotificationList {
  const { i18n } = useTranslation();
  const { pushes, allRead } = useNotificationsState();
  const [items, setItems] = useState<UserNotification[]>();
  const [total, setTotal] = useState(0);
  const [round, setRound] = useState(0);
  // The first page's asking (again in another language: the texts are translated by the server, or
  // on reload). Loading until its answer comes; its error and a further page's are shown only for it.
  const request = `${i18n.language}|${round}`;
  const [first, setFirst] = useState<{ request: string; error: ApiError | null } | null>(null);
  const loading = first?.request !== request;
  const error = first && !loading ? first.error : null;
  const [more, setMore] = useState<{ request: string; error: ApiError | null }>({ request, error: null });
  const moreError = more.request === request ? more.error : null;
  const [loadingMore, setLoadingMore] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    notificationsApi.list(1, PAGE_SIZE, controller.signal).then(
      (page) => {
        if (controller.signal.aborted) return;
        setItems(page.list);
        setTotal(page.total);
        setFirst({ request, error: null });
      },
      (err: unknown) => {
        if (controller.signal.aborted) return;
        setFirst({ request, error: asApiError(err) });
      },
    );
    return () => controller.abort();
  }, [request]);

  // New ones on top, keeping the further pages already shown (none before the first page came).
  const fetchNew = useEffectEvent(() => {
    if (items === undefined) return;
    notificationsApi.list(1, PAGE_SIZE).then(
      (page) => {
        setItems((current) => {
          if (!current) return page.list;
          const fresh = new Map(page.list.map((n) => [n.id, n]));
          const added = page.list.filter((n) => !current.some((c) => c.id === n.id));
          return [...added, ...current.map((c) => fresh.get(c.id) ?? c)];
        });
        setTotal(page.total);
      },
      () => undefined,
    );
  });

  useEffect(() => {
    if (pushes > 0) fetchNew();
  }, [pushes]);

  useEffect(() => {
    const onVisible = () => document.visibilityState === 'visible' && fetchNew();
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);

  // "Mark all read" anywhere (the bell too): the ones shown read, from this render on.
  const [allReadSeen, setAllReadSeen] = useState(allRead);
  if (allRead !== allReadSeen) {
    setAllReadSeen(allRead);
    setItems((current) => current?.map((n) => (n.read ? n : { ...n, read: true })));
  }

  const loadMore = useCallback(() => {
    const current = items ?? [];
    // Pages are counted from the newest; ones pushed meanwhile only shift them, and repeats are dropped.
    const next = Math.floor(current.length / PAGE_SIZE) + 1;
    setLoadingMore(true);
    setMore({ request, error: null });
    notificationsApi.list(next, PAGE_SIZE).then(
      (page) => {
        setItems((list) => {
          const have = new Set((list ?? []).map((n) => n.id));
          return [...(list ?? []), ...page.list.filter((n) => !have.has(n.id))];
        });
        setTotal(page.total);
        setLoadingMore(false);
      },
      (err: unknown) => {
        setMore({ request, error: asApiError(err) });
        setLoadingMore(false);
      },
    );
  }, [items, request]);

  const markRead = useCallback((item: UserNotification) => {
    setItems((list) => list?.map((n) => (n.id === item.id ? { ...n, read: true } : n)));
    notificationsStore.markRead([item.id]).catch((err: unknown) => {
      setItems((list) => list?.map((n) => (n.id === item.id ? { ...n, read: false } : n)));
      toast(asApiError(err).message, 'error');
    });
  }, []);

  return {
    items,
    total,
    error,
    loading,
    moreError,
    loadingMore,
    reload: useCallback(() => setRound((r) => r + 1), []),
    loadMore,
    markRead,
  };
}

function MyNotifications({ list }: { list: NotificationList }) {
  const { t } = useTranslation();
  return (
    <AsyncView
      state={{ data: list.items, error: list.error, loading: list.loading, reload: list.reload }}
      emptyText={t('notifications.empty')}
    >
      {(items) => (
        <section className="card flush">
          <ul className="notif-list notif-page-list" data-testid="notification-list">
            {items.map((n) => (
              <NotificationItem key={n.id} item={n} onOpen={list.markRead} />
            ))}
          </ul>
          {list.moreError && <ErrorState error={list.moreError} onRetry={list.loadMore} />}
          {!list.moreError && items.length < list.total && (
            <div className="notif-more">
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                data-testid="notifications-more"
                disabled={list.loadingMore}
                onClick={list.loadMore}
              >
                {list.loadingMore ? t('states.loading') : t('notifications.loadMore')}
              </button>
            </div>
          )}
        </section>
      )}
    </AsyncView>
  );
}
