import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/format';
import type { UserNotification } from '../notifications-api';

/**
 * One of the user's notifications: title, time, text; an unread one is highlighted and says so.
 * With `onOpen` (the list page) an unread one is a button that marks it read.
 */
export function NotificationItem({
  item,
  compact = false,
  onOpen,
}: {
  item: UserNotification;
  compact?: boolean;
  onOpen?: (item: UserNotification) => void;
}) {
  const { t, i18n } = useTranslation();
  const unread = !item.read;
  const body = (
    <>
      <span className="notif-head">
        <strong className="notif-title">{item.title}</strong>
        {unread && (
          <span className="badge notif-new" data-testid="notification-unread">
            {t('notifications.new')}
          </span>
        )}
      </span>
      <span className={compact ? 'notif-text muted clamp' : 'notif-text muted'}>{item.content}</span>
      <time className="notif-time muted small" dateTime={item.createdAt}>
        {formatDate(item.createdAt, i18n.language)}
      </time>
    </>
  );
  return (
    <li
      className={unread ? 'notif unread' : 'notif'}
      data-testid="notification"
      data-id={item.id}
      data-read={item.read ? 'true' : 'false'}
    >
      {onOpen && unread ? (
        <button
          type="button"
          className="notif-open"
          title={t('notifications.markRead')}
          onClick={() => onOpen(item)}
        >
          {body}
        </button>
      ) : (
        <div className="notif-open">{body}</div>
      )}
    </li>
  );
}
