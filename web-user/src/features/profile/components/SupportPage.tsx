import { Fragment, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../../shared/format';
import { PageHeader } from '../../../shared/ui/Field';
import { Loading } from '../../../shared/ui/StateViews';
import { MAX_MESSAGE_LENGTH, useSupportChat, type ChatItem } from './supportChat';

const IMAGE_ACCEPT = 'image/png,image/jpeg,image/jp2,image/jpx,.jpg,.jpeg,.png,.jp2,.jpx,.j2k';

const bubble: React.CSSProperties = {
  maxWidth: '80%',
  display: 'flex',
  flexDirection: 'column',
  gap: '0.04rem',
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
};

function time(value: string, lang: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  if (date.toDateString() !== new Date().toDateString()) return formatDate(value, lang);
  const locale = lang === 'hk' ? 'zh-HK' : lang === 'zh' ? 'zh-CN' : lang;
  return date.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' });
}

/**
 * Online support (spec: /profile/kefu): the chat of the /support socket. A logged-in user chats as
 * themselves, a logged-out visitor by the visitor id their browser keeps. The history comes on every
 * (re)connect, the agents' answers live; text goes over the socket, an image over HTTP.
 */
export function SupportPage() {
  const { t, i18n } = useTranslation('pages');
  const chat = useSupportChat(i18n.language);
  const [text, setText] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const scroller = useRef<HTMLDivElement | null>(null);
  const fileInput = useRef<HTMLInputElement | null>(null);
  const stick = useRef(true);
  const online = chat.status === 'online';

  // Keep to the newest message unless the user scrolled up to read older ones.
  const lastKey = chat.items[chat.items.length - 1]?.key;
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && stick.current) el.scrollTop = el.scrollHeight;
  }, [lastKey, chat.items.length, chat.history]);
  // The chat fills the screen below the header (any top bar, guest line or notice): the list scrolls, the form stays.
  const card = useRef<HTMLElement | null>(null);
  const [height, setHeight] = useState<number | null>(null);
  useLayoutEffect(() => {
    const fit = () => {
      const el = card.current;
      if (!el) return;
      const top = el.getBoundingClientRect().top + window.scrollY;
      setHeight(Math.max(320, window.innerHeight - top - 16));
    };
    fit();
    // The root font size (rem) is set after the first render, and fonts load late: follow the page's size.
    const observer = new ResizeObserver(fit);
    observer.observe(document.documentElement);
    window.addEventListener('resize', fit);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', fit);
    };
  }, [chat.visitor]);
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), 6000);
    return () => clearTimeout(timer);
  }, [notice]);

  const errorText = (item: ChatItem) => {
    if (!item.error || item.error === 'network') return t('common:errors.network');
    if (item.error === 'unauthorized') return t('support.sessionEnded');
    if (item.error === 'validation.invalid') return t('support.invalid');
    if (item.error === 'code.429') return t('support.tooMany');
    return item.error;
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!online || !text.trim()) return;
    stick.current = true;
    chat.sendText(text);
    setText('');
  };

  const pickImage = async (e: React.ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    stick.current = true;
    const problem = await chat.sendImage(file);
    if (problem === 'format') setNotice(t('common:upload.format'));
    else if (problem === 'size') setNotice(t('common:upload.size'));
  };

  const banner =
    chat.status === 'reconnecting' ? (
      <div className="state" role="status" data-testid="support-reconnecting" style={{ padding: '0.08rem' }}>
        <span>
          <span
            className="spinner"
            aria-hidden="true"
            style={{ display: 'inline-block', verticalAlign: 'middle' }}
          />{' '}
          {t('support.reconnecting')}
        </span>
      </div>
    ) : chat.status === 'offline' ? (
      <div className="state state-error" role="alert" data-testid="support-offline">
        <strong>{t('support.offline')}</strong>
        <span className="muted">{t('support.offlineText')}</span>
        <button type="button" className="btn btn-ghost" onClick={chat.reconnect}>
          {t('common:states.retry')}
        </button>
      </div>
    ) : chat.status === 'ended' ? (
      <div className="state state-error" role="alert" data-testid="support-ended">
        <strong>{t('support.sessionEnded')}</strong>
        <Link className="btn btn-primary" to="/pass/login">
          {t('common:actions.login')}
        </Link>
      </div>
    ) : null;

  // The list stays while a dropped connection comes back; the history is fetched again on reconnect.
  const showList = chat.history === 'ready';

  return (
    <div className="container page narrow" data-testid="support-page">
      <PageHeader title={t('support.title')} subtitle={t('support.subtitle')} />
      {chat.visitor && (
        <p className="muted" data-testid="support-guest">
          {t('support.guest')} <Link to="/pass/login">{t('common:actions.login')}</Link>
        </p>
      )}
      <section
        className="card chat"
        aria-label={t('support.title')}
        ref={card}
        style={{ height: height ?? 480, padding: '0.12rem', gap: '0.08rem' }}
      >
        {banner}
        <div
          ref={scroller}
          style={{ flex: 1, overflowY: 'auto', minHeight: 0 }}
          onScroll={(e) => {
            const el = e.currentTarget;
            stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
          }}
        >
          {showList ? (
            <>
              {chat.hasMore && (
                <div style={{ textAlign: 'center', marginBottom: '0.08rem' }}>
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    disabled={chat.loadingMore || !online}
                    onClick={() => {
                      stick.current = false;
                      chat.loadMore();
                    }}
                  >
                    {chat.loadingMore ? t('common:states.loading') : t('support.loadEarlier')}
                  </button>
                </div>
              )}
              {chat.items.length === 0 ? (
                <div className="state state-empty" data-testid="support-empty">
                  <span>{t('support.welcome')}</span>
                </div>
              ) : (
                <ul className="chat-list" data-testid="support-messages" aria-live="polite">
                  {chat.items.map((m) => (
                    <Fragment key={m.key}>
                      {m.key === chat.firstUnreadKey && (
                        <li
                          className="muted"
                          role="separator"
                          style={{ alignSelf: 'center', background: 'none', fontSize: '0.8em' }}
                        >
                          {t('support.newReplies')}
                        </li>
                      )}
                      <li
                        className={m.sender === 'user' ? 'mine' : ''}
                        data-testid="support-message"
                        data-sender={m.sender}
                        data-state={m.state}
                        style={{ ...bubble, opacity: m.state === 'sending' ? 0.7 : 1 }}
                      >
                        {m.sender === 'agent' && (
                          <small className="muted" style={{ fontWeight: 600 }}>
                            {t('support.agent')}
                          </small>
                        )}
                        {m.imageUrl && (
                          <a href={m.imageUrl} target="_blank" rel="noopener noreferrer">
                            <img
                              src={m.imageUrl}
                              alt={t('support.imageAlt')}
                              style={{
                                display: 'block',
                                maxWidth: 'min(100%, 2.4rem)',
                                maxHeight: '2.4rem',
                                minWidth: '0.6rem',
                                minHeight: '0.6rem',
                                objectFit: 'contain',
                                borderRadius: '0.06rem',
                                background: 'var(--bg)',
                              }}
                            />
                          </a>
                        )}
                        {m.body && <span dir="auto">{m.body}</span>}
                        <small style={{ opacity: 0.75, fontSize: '0.75em', alignSelf: 'flex-end' }}>
                          {m.state === 'sending'
                            ? t('support.sending')
                            : m.state === 'failed'
                              ? t('support.failed')
                              : time(m.createdAt, i18n.language)}
                        </small>
                        {m.state === 'failed' && (
                          <span role="alert" style={{ fontSize: '0.85em' }}>
                            {errorText(m)}{' '}
                            {m.error !== 'validation.invalid' && m.error !== 'unauthorized' && (
                              <button
                                type="button"
                                className="link"
                                disabled={!online}
                                onClick={() => chat.resend(m)}
                                style={{ textDecoration: 'underline', color: 'inherit' }}
                              >
                                {t('support.resend')}
                              </button>
                            )}
                          </span>
                        )}
                      </li>
                    </Fragment>
                  ))}
                </ul>
              )}
            </>
          ) : chat.status === 'connecting' || (online && chat.history === 'loading') ? (
            <Loading />
          ) : online && chat.history === 'error' ? (
            <div className="state state-error" role="alert" data-testid="support-history-error">
              <strong>{t('support.historyError')}</strong>
              <button type="button" className="btn btn-ghost" onClick={chat.reloadHistory}>
                {t('common:states.retry')}
              </button>
            </div>
          ) : null}
        </div>
        {notice && (
          <p className="muted" role="alert" data-testid="support-notice" style={{ margin: 0 }}>
            {notice}
          </p>
        )}
        <form className="chat-form" onSubmit={submit} style={{ marginTop: 0, alignItems: 'center' }}>
          <input
            ref={fileInput}
            type="file"
            accept={IMAGE_ACCEPT}
            hidden
            data-testid="support-image-input"
            onChange={(e) => void pickImage(e)}
          />
          <button
            type="button"
            className="icon-btn"
            aria-label={t('support.image')}
            title={t('support.image')}
            disabled={!online}
            onClick={() => fileInput.current?.click()}
            style={{ flex: 'none' }}
          >
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <path
                d="M4 5h16v14H4zM4 16l5-5 4 4 3-3 4 4M15.5 9.5a1.5 1.5 0 1 0 0-.01"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinejoin="round"
              />
            </svg>
          </button>
          <input
            value={text}
            maxLength={MAX_MESSAGE_LENGTH}
            onChange={(e) => setText(e.target.value)}
            placeholder={t('support.placeholder')}
            aria-label={t('support.placeholder')}
            disabled={!online}
            style={{ flex: 1, minWidth: 0 }}
          />
          <button
            type="submit"
            className="btn btn-primary"
            disabled={!online || !text.trim()}
            style={{ flex: 'none' }}
          >
            {t('support.send')}
          </button>
        </form>
      </section>
    </div>
  );
}
