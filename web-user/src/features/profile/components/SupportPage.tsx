import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { io, type Socket } from 'socket.io-client';
import { STORAGE } from '../../../shared/session';
import { PageHeader } from '../../../shared/ui/Field';
import { Loading } from '../../../shared/ui/StateViews';

interface ChatMessage {
  id?: string | number;
  from?: string;
  content: string;
  createdAt?: string;
}

/** Online support: a chat over the socket.io namespace /support; says so plainly when it cannot connect. */
export function SupportPage() {
  const { t } = useTranslation('pages');
  const [status, setStatus] = useState<'connecting' | 'online' | 'offline'>('connecting');
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [text, setText] = useState('');
  const [round, setRound] = useState(0);
  const socketRef = useRef<Socket | null>(null);
  useEffect(() => {
    const socket = io('/support', {
      auth: { token: localStorage.getItem(STORAGE.token) ?? '' },
      transports: ['websocket'],
      reconnection: false,
      timeout: 8000,
    });
    socketRef.current = socket;
    socket.on('connect', () => setStatus('online'));
    socket.on('connect_error', () => setStatus('offline'));
    socket.on('disconnect', () => setStatus('offline'));
    socket.on('message', (m: ChatMessage) => setMessages((list) => [...list, m]));
    return () => {
      socket.close();
    };
  }, [round]);
  const send = (e: React.FormEvent) => {
    e.preventDefault();
    if (!text.trim() || status !== 'online') return;
    socketRef.current?.emit('message', { content: text.trim() });
    setMessages((list) => [...list, { from: 'me', content: text.trim() }]);
    setText('');
  };
  return (
    <div className="container page narrow">
      <PageHeader title={t('support.title')} subtitle={t('support.subtitle')} />
      <div className="card chat">
        {status === 'connecting' && <Loading />}
        {status === 'offline' && (
          <div className="state state-error" role="alert">
            <strong>{t('support.offline')}</strong>
            <span className="muted">{t('support.offlineText')}</span>
            <button
              type="button"
              className="btn btn-ghost"
              onClick={() => {
                setStatus('connecting');
                setRound((r) => r + 1);
              }}
            >
              {t('common:states.retry')}
            </button>
          </div>
        )}
        {status === 'online' && (
          <>
            <ul className="chat-list">
              {messages.length === 0 && <li className="muted">{t('support.welcome')}</li>}
              {messages.map((m, i) => (
                <li key={m.id ?? i} className={m.from === 'me' ? 'mine' : ''}>
                  {m.content}
                </li>
              ))}
            </ul>
            <form className="chat-form" onSubmit={send}>
              <input
                value={text}
                onChange={(e) => setText(e.target.value)}
                placeholder={t('support.placeholder')}
                aria-label={t('support.placeholder')}
              />
              <button type="submit" className="btn btn-primary">
                {t('support.send')}
              </button>
            </form>
          </>
        )}
      </div>
    </div>
  );
}
