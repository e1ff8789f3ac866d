import { ReferenceField, SelectInput, TextField, TextInput } from 'react-admin';

export const reviewStatusChoices = [
  { id: 'pending', name: 'swx.status.pending' },
  { id: 'approved', name: 'swx.status.approved' },
  { id: 'rejected', name: 'swx.status.rejected' },
];

/** The review queues open on what is waiting; the filter can be cleared to see decided requests. */
export const reviewFilters = [
  <SelectInput key="status" source="status" choices={reviewStatusChoices} alwaysOn />,
  <TextInput key="userId" source="userId" />,
];

export const LANGUAGE_CHOICES = ['en', 'zh', 'hk', 'ja', 'ko', 'de', 'fr', 'it', 'es', 'ar', 'th'].map(
  (id) => ({
    id,
    name: id,
  }),
);

/** Choices whose labels are translated status names (swx.status.<id>, the id when there is none). */
export const statusChoices = (ids: string[]) => ids.map((id) => ({ id, name: `swx.status.${id}` }));

export const BOOK_CHOICES = [
  { id: 'real', name: 'swx.book.real' },
  { id: 'demo', name: 'swx.book.demo' },
];

// Codes of the API said in words (SelectField and SelectInput translate the names).
export const SIDE_CHOICES = [
  { id: 'buy', name: 'swx.values.side.buy' },
  { id: 'sell', name: 'swx.values.side.sell' },
];
/** A U order's direction (buy, sell) or an options order's (up, down). */
export const DIRECTION_CHOICES = ['buy', 'sell', 'up', 'down'].map((id) => ({
  id,
  name: `swx.values.direction.${id}`,
}));
export const ORDER_TYPE_CHOICES = [
  { id: 'limit', name: 'swx.values.orderType.limit' },
  { id: 'market', name: 'swx.values.orderType.market' },
];
export const PLAN_KIND_CHOICES = [
  { id: 'smart', name: 'swx.plan.smart' },
  { id: 'mining', name: 'swx.plan.mining' },
];
export const METHOD_CHOICES = [
  { id: 'crypto', name: 'swx.values.method.crypto' },
  { id: 'bank', name: 'swx.values.method.bank' },
];
export const KYC_LEVEL_CHOICES = [
  { id: 'basic', name: 'swx.level.basic' },
  { id: 'advanced', name: 'swx.level.advanced' },
];

/** The customer of a record, by username, linking to their detail. */
export const UserField = ({ source = 'userId' }: { source?: string; label?: string; sortable?: boolean }) => (
  <ReferenceField source={source} reference="users" link="show" emptyText="-">
    <TextField source="username" />
  </ReferenceField>
);

/** Live queues: lists of waiting work poll the API (the dashboard counters do the same). */
export const LIVE_REFRESH_MS = 5000;

/**
 * A detail's fields in a row (SimpleShowLayout direction="row" spacing={0}) that wraps onto more
 * lines where the page is narrow: on a phone the row ran off the card, its last fields (a user's
 * status, a KYC's review time) out of reach.
 */
export const ROW_OF_FIELDS = {
  '& .RaSimpleShowLayout-stack': { flexWrap: 'wrap', columnGap: 3, rowGap: 1.5 },
  '& .RaSimpleShowLayout-row': { minWidth: 0, maxWidth: '100%' },
} as const;

/**
 * An identifier (UUID, code) left to right in every language, with dir="ltr" on its element (not
 * CSS direction, which the right-to-left theme turns round): in Arabic a UUID's parts changed places.
 */
export const LTR_TEXT = { unicodeBidi: 'isolate', overflowWrap: 'anywhere' } as const;
