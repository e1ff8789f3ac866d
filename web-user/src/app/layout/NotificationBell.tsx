import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../api/http-client';
import { useNotices } from '../../features/content/api/content-api';
import { notificationsApi, type UserNotification } from '../../features/notifications/notifications-api';
import {
  hasNews,
  notificationsStore,
  useNotificationsLive,
  useNotificationsState,
} from '../../features/notifications/notificationsStore';
import { NotificationItem } from '../../features/notifications/components/NotificationItem';
import { formatDate } from '../../shared/format';
import { STORAGE, useSession } from '../../shared/session';
import { AsyncView } from '../../shared/ui/StateViews';
import { Icon } from './icons';
import '../../features/notifications/notifications.css';

const LATEST = 5;
const LATEST_NOTICES = 3;

/** The bell: the user's own notifications and the announcements; logged out, the announcements only. */
export function NotificationBell() {
  const { isLogin, token } = useSession();
  return isLogin && token ? <UserBell /> : <AnnouncementBell />;
}

/** Closes the pop-up on Escape and on a press outside the bell. */
function usePopover() {
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    const onDown = (e: PointerEvent) => {
      if (box.current && !box.current.contains(e.target as Node)) setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onDown);
    return () => {
      window.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onDown);
    };
  }, [open]);
  return { open, setOpen, box };
}

/**
 * A logged-in user's bell: a red dot while the server counts unread notifications or announcements
 * not seen yet (kept with the account, so the same on every device). Opening it shows the latest of
 * both and marks them all read.
 */
function UserBell() {
  const { t, i18n } = useTranslation();
  useNotificationsLive();
  const { counts, pushes } = useNotificationsState();
  const { open, setOpen, box } = usePopover();
  const [latest, setLatest] = useState<{
    data: UserNotification[] | undefined;
    error: ApiError | null;
    loading: boolean;
  }>({ data: undefined, error: null, loading: false });
  const [round, setRound] = useState(0);
  const reload = useCallback(() => setRound((r) => r + 1), []);

  // A notification pushed while the pop-up is open shows up in it: asked again.
  const [pushesSeen, setPushesSeen] = useState(pushes);
  if (pushes !== pushesSeen) {
    setPushesSeen(pushes);
    if (open) setRound((r) => r + 1);
  }
  // Each opening (and a reload or another language while open) asks again: loading from this
  // render on, the last answer shown meanwhile.
  const request = open ? `${round}|${i18n.language}` : null;
  const [asked, setAsked] = useState<string | null>(null);
  if (request !== asked) {
    setAsked(request);
    if (request !== null) setLatest((l) => ({ ...l, error: null, loading: true }));
  }

  // Open: the latest notifications as they were (unread ones marked), then all of them read.
  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    notificationsApi.list(1, LATEST, controller.signal).then(
      (page) => {
        if (controller.signal.aborted) return;
        setLatest({ data: page.list, error: null, loading: false });
        // Seen: mine read, and the announcements (remembered with the account).
        void notificationsStore.markAllRead().catch(() => undefined);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setLatest((l) => ({
          ...l,
          error: error instanceof ApiError ? error : new ApiError(0, String(error)),
          loading: false,
        }));
      },
    );
    return () => controller.abort();
  }, [open, round, i18n.language]);

  return (
    <div className="bell" ref={box}>
      <button
        type="button"
        className="icon-btn"
        aria-label={t('nav.notifications')}
        aria-expanded={open}
        data-testid="notify-bell"
        onClick={() => setOpen((o) => !o)}
      >
        <Icon name="bell" />
        {hasNews(counts) && <span className="dot" data-testid="notify-dot" />}
      </button>
      {open && (
        <div className="popover bell-popover" role="dialog" aria-label={t('nav.notifications')}>
          <div className="bell-scroll">
            <div className="popover-head">{t('notifications.mine')}</div>
            <AsyncView
              state={{ ...latest, reload }}
              emptyText={t('notifications.empty')}
              isEmpty={(list) => list.length === 0}
            >
              {(list) => (
                <ul className="notice-list notif-list" data-testid="bell-notifications">
                  {list.map((n) => (
                    <NotificationItem key={n.id} item={n} compact />
                  ))}
                </ul>
              )}
            </AsyncView>
            <div className="popover-head popover-sub">{t('nav.announcements')}</div>
            <LatestNotices />
          </div>
          <Link className="popover-more" to="/profile/notification" onClick={() => setOpen(false)}>
            {t('actions.viewAll')}
          </Link>
        </div>
      )}
    </div>
  );
}

function LatestNotices() {
  const { t, i18n } = useTranslation();
  const notices = useNotices();
  return (
    <AsyncView state={notices} emptyText={t('states.noNotices')}>
      {(list) => (
        <ul className="notice-list" data-testid="bell-announcements">
          {list.slice(0, LATEST_NOTICES).map((n) => (
            <li key={n.id}>
              <strong>{n.title}</strong>
              <p className="muted clamp">{n.content}</p>
              {n.publishedAt && (
                <time className="muted small" dateTime={n.publishedAt}>
                  {formatDate(n.publishedAt, i18n.language)}
                </time>
              )}
            </li>
          ))}
        </ul>
      )}
    </AsyncView>
  );
}

/** Logged out: the announcements, with a red dot until the bell is clicked (kept in this browser). */
function AnnouncementBell() {
  const { t } = useTranslation();
  const { open, setOpen, box } = usePopover();
  const notices = useNotices();
  const latest = notices.data?.[0]?.id;
  const [seen, setSeen] = useState(() => localStorage.getItem(STORAGE.notifySeen));
  const unread = latest !== undefined && String(latest) !== seen;
  const toggle = () => {
    setOpen((o) => !o);
    if (latest !== undefined) {
      localStorage.setItem(STORAGE.notifySeen, String(latest));
      setSeen(String(latest));
    }
  };
  return (
    <div className="bell" ref={box}>
      <button type="button" className="icon-btn" aria-label={t('nav.notifications')} onClick={toggle}>
        <Icon name="bell" />
        {unread && <span className="dot" data-testid="notify-dot" />}
      </button>
      {open && (
        <div className="popover" role="dialog" aria-label={t('nav.notifications')}>
          <div className="popover-head">{t('nav.announcements')}</div>
          <AsyncView state={notices} emptyText={t('states.noNotices')}>
            {(list) => (
              <ul className="notice-list">
                {list.slice(0, 5).map((n) => (
                  <li key={n.id}>
                    <strong>{n.title}</strong>
                    <p className="muted clamp">{n.content}</p>
                  </li>
                ))}
              </ul>
            )}
          </AsyncView>
          <Link className="popover-more" to="/help/notice" onClick={() => setOpen(false)}>
            {t('actions.viewAll')}
          </Link>
        </div>
      )}
    </div>
  );
}
