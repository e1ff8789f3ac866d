import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useNotices } from '../../features/content/api/content-api';
import { STORAGE } from '../../shared/session';
import { AsyncView } from '../../shared/ui/StateViews';
import { Icon } from './icons';

/** The announcement pop-up: a red dot until the bell is clicked, then remembered. */
export function NotificationBell() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
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
    <div className="bell">
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
