import { useEffect, useEffectEvent, useRef, useState, type FormEvent } from 'react';
import { Badge, Box, Paper, Stack, TextField as MuiTextField, Typography } from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import { io, type Socket } from 'socket.io-client';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
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
  type GetListResult,
  type SortPayload,
} from 'react-admin';
import { List } from '../components/List';
import { Datagrid } from '../components/Datagrid';
import { DateField } from '../components/DateField';
import { call, loadSession } from '../api';
import { StatusField } from '../components/StatusField';
import type { ConsoleDataProvider } from '../dataProvider';
import { statusChoices, UserField } from './common';
import { useFormatTime } from '../i18n/intl';
import { apiSort } from '../sortable';

// The online support inbox: conversations with customers and visitors, answered live. The agents'
// socket (/support, the admin session's token) brings the customers' messages as they are written.

/** A conversation as the list returns it, and as the agents' socket pushes its new state. */
interface Conversation {
  id: string;
  userId: string | null;
  visitorId: string | null;
  status: 'open' | 'closed';
  agentUnread: number;
  userUnread: number;
  lastMessageAt: string;
  lastMessage: { id: string; sender: 'user' | 'agent'; body: string; image: boolean } | null;
  createdAt: string;
}

interface Message {
  id: string;
  conversationId: string;
  sender: 'user' | 'agent';
  body: string;
  imageUrl?: string | null;
  clientId?: string | null;
  createdAt: string;
  /** On the agents' socket: the conversation's state with this message. */
  conversation?: Conversation;
}

/**
 * One socket per page for the agents' room: calls `onMessage` for every message of any conversation,
 * `onConversation` when an agent (this one or another) closes one.
 */
function useSupportSocket(onMessage: (m: Message) => void, onConversation?: (c: Conversation) => void) {
  // The latest handlers, without a new socket when they change.
  const message = useEffectEvent((m: Message) => onMessage(m));
  const conversation = useEffectEvent((c: Conversation) => onConversation?.(c));
  useEffect(() => {
    const session = loadSession();
    if (!session) return;
    const socket: Socket = io('/support', {
      auth: { token: session.token },
      transports: ['websocket'],
    });
    socket.on('message', (m: Message) => message(m));
    socket.on('conversation', (c: Conversation) => conversation(c));
    return () => {
      socket.disconnect();
    };
  }, []);
}

type ListParams = {
  pagination?: { page: number; perPage: number };
  sort?: SortPayload;
  filter?: Record<string, unknown>;
};

/** The orders the API sorts conversations in (CONVERSATION_SORTABLE), then by id, newest first. */
const SORT_KEYS: Record<string, (c: Conversation) => bigint | number | string> = {
  id: (c) => BigInt(c.id),
  // ISO times in UTC with milliseconds, as the API writes them: in order as text.
  lastMessageAt: (c) => c.lastMessageAt,
  agentUnread: (c) => c.agentUnread,
  status: (c) => c.status,
  createdAt: (c) => c.createdAt,
};

const order = <T extends bigint | number | string>(a: T, b: T) => (a < b ? -1 : a > b ? 1 : 0);

function compare(sort: SortPayload, key: (c: Conversation) => bigint | number | string) {
  return (a: Conversation, b: Conversation) =>
    (sort.order === 'ASC' ? 1 : -1) * order(key(a), key(b)) || order(BigInt(b.id), BigInt(a.id));
}

/**
 * Whether a conversation is in a list with this filter, as the API filters (adminConversations);
 * undefined for a filter the console does not know.
 */
function inList(c: Conversation, filter: Record<string, unknown>): boolean | undefined {
  for (const [name, value] of Object.entries(filter)) {
    if (name === 'status') {
      if (typeof value === 'string' && c.status !== value) return false;
    } else if (name === 'unread') {
      if (value === true && c.agentUnread <= 0) return false;
    } else if (name === 'visitor') {
      if ((value === true && c.visitorId === null) || (value === false && c.userId === null)) return false;
    } else if (name === 'userId') {
      if (typeof value === 'string' && c.userId !== value) return false;
    } else if (name === 'id') {
      if (Array.isArray(value) && !value.map(String).includes(c.id)) return false;
    } else return undefined;
  }
  return true;
}

const lastId = (c: Conversation) => BigInt(c.lastMessage?.id ?? 0);

/**
 * Whether a pushed state is older than the one shown (events from two servers may cross): each
 * message has a greater id than the conversation's last one, and a close keeps it (it follows).
 */
const older = (c: Conversation, shown: Conversation) =>
  lastId(c) < lastId(shown) ||
  (lastId(c) === lastId(shown) && c.status === 'open' && shown.status === 'closed');

/**
 * A list page with a conversation's new state: the row replaced, left out when it no longer
 * matches the filter, moved to its place in the order. 'same' for an event older than the row;
 * 'refetch' when the page alone cannot tell: the conversation is not on it, it may move past
 * either end of the page, or a row of the next page must move up into it.
 */
function withConversation(
  page: GetListResult<Conversation>,
  params: ListParams,
  c: Conversation,
): GetListResult<Conversation> | 'same' | 'refetch' {
  const rows = page.data;
  const index = rows.findIndex((r) => String(r.id) === c.id);
  if (index < 0) return 'refetch';
  const row = rows[index];
  if (older(c, row)) return 'same';
  const sort = apiSort('conversations', params.sort ?? { field: 'lastMessageAt', order: 'DESC' });
  const key = SORT_KEYS[sort.field];
  const matches = inList(c, params.filter ?? {});
  const { page: number, perPage } = params.pagination ?? { page: 1, perPage: rows.length };
  const more = page.total === undefined || (number - 1) * perPage + rows.length < page.total;
  if (!key || matches === undefined) return 'refetch';
  if (!matches) {
    if (more) return 'refetch';
    return {
      ...page,
      data: rows.filter((_, i) => i !== index),
      total: page.total === undefined ? undefined : page.total - 1,
    };
  }
  const sorted = rows.map((r, i) => (i === index ? { ...r, ...c } : r)).sort(compare(sort, key));
  const at = sorted.findIndex((r) => String(r.id) === c.id);
  const moved = compare(sort, key)(row, c) !== 0;
  if (moved && ((at === 0 && number > 1) || (at === sorted.length - 1 && more))) return 'refetch';
  return { ...page, data: sorted };
}

/** Every cached page of the conversations list updated with a conversation's new state. */
function applyConversation(queryClient: QueryClient, c: Conversation) {
  const pages = queryClient.getQueriesData<GetListResult<Conversation>>({
    queryKey: ['conversations', 'getList'],
  });
  for (const [queryKey, page] of pages) {
    const params = queryKey[2] as ListParams;
    // A page being fetched may answer with an older state: it is fetched again instead.
    const fetching = queryClient.getQueryState(queryKey)?.fetchStatus === 'fetching';
    const next = page && !fetching ? withConversation(page, params, c) : 'refetch';
    if (next === 'refetch') void queryClient.invalidateQueries({ queryKey, exact: true });
    else if (next !== 'same') queryClient.setQueryData(queryKey, next);
  }
  queryClient.setQueriesData<Conversation>({ queryKey: ['conversations', 'getOne', { id: c.id }] }, (old) =>
    old && !older(c, old) ? { ...old, ...c } : old,
  );
}

/**
 * The list follows the agents' socket: a message (a customer's or an agent's) and a close carry the
 * conversation's new state, and its row is updated from it (last message, unread count, status,
 * place in the order) without fetching the list again; the page is fetched again only when it
 * alone cannot tell (a conversation that is not on it: a new one, or one from another page).
 */
function LiveRows() {
  const queryClient = useQueryClient();
  useSupportSocket(
    // (A server that sends no conversation with its messages: the list is fetched again.)
    (m) =>
      m.conversation
        ? applyConversation(queryClient, m.conversation)
        : void queryClient.invalidateQueries({ queryKey: ['conversations', 'getList'] }),
    (c) => applyConversation(queryClient, c),
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
      // Wide enough for its label in every language (fr "Non lues uniquement" was cut to "Non lues uniq…").
      <NullableBooleanInput key="unread" source="unread" alwaysOn sx={{ minWidth: '13.5rem' }} />,
    ]}
    filterDefaultValues={{ status: 'open' }}
    sort={{ field: 'lastMessageAt', order: 'DESC' }}
    aside={<LiveRows />}
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
