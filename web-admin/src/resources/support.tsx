import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Badge, Box, Paper, Stack, TextField as MuiTextField, Typography } from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import { io, type Socket } from 'socket.io-client';
import {
  Button,
  Confirm,
  FunctionField,
  NullableBooleanInput,
  SelectInput,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { List } from '../components/List';
import { Datagrid } from '../components/Datagrid';
import { DateField } from '../components/DateField';
import { call, loadSession } from '../api';
import { StatusField } from '../components/StatusField';
import type { ConsoleDataProvider } from '../dataProvider';
import { statusChoices, UserField } from './common';
import { useFormatTime } from '../i18n/intl';

// The online support inbox: conversations with customers and visitors, answered live. The agents'
// socket (/support, the admin session's token) brings the customers' messages as they are written.

interface Message {
  id: string;
  conversationId: string;
  sender: 'user' | 'agent';
  body: string;
  imageUrl?: string | null;
  clientId?: string | null;
  createdAt: string;
}

/** A conversation's new state pushed to the agents (another agent closed it). */
interface ConversationUpdate {
  id: string;
  status: 'open' | 'closed';
}

/**
 * One socket per page for the agents' room: calls `onMessage` for every message of any conversation,
 * `onConversation` when an agent (this one or another) closes one.
 */
function useSupportSocket(onMessage: (m: Message) => void, onConversation?: (c: ConversationUpdate) => void) {
  const handler = useRef(onMessage);
  handler.current = onMessage;
  const conversationHandler = useRef(onConversation);
  conversationHandler.current = onConversation;
  useEffect(() => {
    const session = loadSession();
    if (!session) return;
    const socket: Socket = io('/support', {
      auth: { token: session.token },
      transports: ['websocket'],
    });
    socket.on('message', (m: Message) => handler.current(m));
    socket.on('conversation', (c: ConversationUpdate) => conversationHandler.current?.(c));
    return () => {
      socket.disconnect();
    };
  }, []);
}

/**
 * The list refreshes itself when a customer writes (unread counters, order by last message) and
 * when an agent closes a conversation (it leaves the open ones).
 */
function LiveRefresh() {
  const refresh = useRefresh();
  useSupportSocket(
    () => refresh(),
    () => refresh(),
  );
  return null;
}

/** The customer, or the visitor (not signed in) by the start of their id. */
function Party(_: { source?: string; sortable?: boolean }) {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  if (record.userId) return <UserField />;
  return (
    <span>
      {translate('resources.conversations.fields.visitorId')} {String(record.visitorId ?? '').slice(0, 8)}
    </span>
  );
}

export const ConversationList = () => (
  <List
    filters={[
      <SelectInput key="status" source="status" choices={statusChoices(['open', 'closed'])} alwaysOn />,
      <NullableBooleanInput key="unread" source="unread" alwaysOn />,
    ]}
    filterDefaultValues={{ status: 'open' }}
    sort={{ field: 'lastMessageAt', order: 'DESC' }}
    aside={<LiveRefresh />}
  >
    <Datagrid rowClick="show" bulkActionButtons={false}>
      <TextField source="id" />
      <Party source="userId" sortable={false} />
      <FunctionField
        source="lastMessage"
        sortable={false}
        render={(r) =>
          r.lastMessage ? `${r.lastMessage.sender === 'agent' ? '↩ ' : ''}${r.lastMessage.body}` : '-'
        }
      />
      <FunctionField
        source="agentUnread"
        render={(r) => <Badge color="error" badgeContent={r.agentUnread} data-testid="unread" />}
      />
      <StatusField source="status" />
      <DateField source="lastMessageAt" showTime />
    </Datagrid>
  </List>
);

function Chat() {
  const formatTime = useFormatTime();
  const record = useRecordContext();
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const [messages, setMessages] = useState<Message[]>([]);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const bottom = useRef<HTMLDivElement>(null);
  const id = record?.id ? String(record.id) : null;

  const add = (m: Message) => setMessages((list) => (list.some((x) => x.id === m.id) ? list : [...list, m]));

  useEffect(() => {
    if (!id) return;
    let live = true;
    call<{ list: Message[] }>(`/support/conversations/${id}/messages?limit=100`).then(
      (page) => live && setMessages(page.list),
      (e: Error) => notify(e.message, { type: 'error' }),
    );
    return () => {
      live = false;
    };
  }, [id, notify]);
  const refresh = useRefresh();
  useSupportSocket(
    (m) => {
      if (String(m.conversationId) !== id) return;
      add(m);
      // Written to while closed, it is open again: the status and the close button follow.
      if (record?.status === 'closed') refresh();
    },
    // Closed by another agent: the status and the close button follow too.
    (c) => {
      if (String(c.id) === id) refresh();
    },
  );
  // A block body: newer browsers answer scrollIntoView with a promise, which is no effect cleanup.
  useEffect(() => {
    void bottom.current?.scrollIntoView({ block: 'end' });
  }, [messages.length]);

  if (!id) return null;
  const send = async (e: FormEvent) => {
    e.preventDefault();
    const body = text.trim();
    if (!body) return;
    setBusy(true);
    try {
      const clientId = `agent-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
      add(await dataProvider.act<Message>('conversations', id, 'reply', { body, clientId }));
      setText('');
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ p: 2 }}>
      <Paper
        variant="outlined"
        sx={{ height: 420, overflowY: 'auto', p: 2, bgcolor: 'grey.50' }}
        data-testid="support-messages"
      >
        {messages.length === 0 && (
          <Typography color="text.secondary">{translate('swx.support.empty')}</Typography>
        )}
        {messages.map((m) => (
          <Stack key={m.id} alignItems={m.sender === 'agent' ? 'flex-end' : 'flex-start'} sx={{ mb: 1 }}>
            <Box
              sx={{
                maxWidth: '70%',
                px: 1.5,
                py: 1,
                borderRadius: 2,
                bgcolor: m.sender === 'agent' ? 'primary.main' : 'background.paper',
                color: m.sender === 'agent' ? 'primary.contrastText' : 'text.primary',
                boxShadow: 1,
                whiteSpace: 'pre-wrap',
                wordBreak: 'break-word',
              }}
            >
              {m.imageUrl && (
                <Box
                  component="img"
                  src={m.imageUrl}
                  alt=""
                  sx={{ display: 'block', maxWidth: 240, mb: 0.5 }}
                />
              )}
              {m.body}
            </Box>
            <Typography variant="caption" color="text.secondary">
              {translate(m.sender === 'agent' ? 'swx.support.agent' : 'swx.support.customer')} ·{' '}
              {formatTime(m.createdAt)}
            </Typography>
          </Stack>
        ))}
        <div ref={bottom} />
      </Paper>
      <Stack component="form" direction="row" spacing={1} sx={{ mt: 1 }} onSubmit={(e) => void send(e)}>
        <MuiTextField
          fullWidth
          size="small"
          name="reply"
          placeholder={translate('swx.support.placeholder')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 2000 } }}
        />
        <Button type="submit" label="swx.support.send" variant="contained" disabled={busy || !text.trim()}>
          <SendIcon />
        </Button>
      </Stack>
    </Box>
  );
}

/** Closing a conversation asks first: one click beside the chat closed it before. */
function CloseButton() {
  const record = useRecordContext();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!record || record.status !== 'open') return null;
  const close = async () => {
    setBusy(true);
    try {
      await dataProvider.act('conversations', record.id, 'close');
      setOpen(false);
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button label="swx.support.close" onClick={() => setOpen(true)} data-testid="close-conversation" />
      <Confirm
        isOpen={open}
        loading={busy}
        title="swx.support.closeTitle"
        titleTranslateOptions={{ id: record.id }}
        content="swx.support.closeContent"
        confirm="swx.support.close"
        onConfirm={() => void close()}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

export const ConversationShow = () => (
  <Show
    actions={
      <TopToolbar>
        <CloseButton />
      </TopToolbar>
    }
  >
    <SimpleShowLayout direction="row" sx={{ gap: 3 }}>
      <TextField source="id" />
      <UserField source="userId" />
      <TextField source="visitorId" emptyText="-" />
      <StatusField source="status" />
      <DateField source="createdAt" showTime />
    </SimpleShowLayout>
    <Chat />
  </Show>
);
