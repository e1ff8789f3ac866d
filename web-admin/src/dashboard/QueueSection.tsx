import { Fragment, useState, type ReactNode } from 'react';
import {
  Box,
  Chip,
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Stack,
  Typography,
} from '@mui/material';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useLocaleState, useTranslate } from 'react-admin';
import type { QueueDepth, QueueStats } from '@app/contracts';
import { formatTime } from '../i18n/intl';
import { Panel } from './Panel';
import { usePolled } from './usePolled';

const REFRESH_SECONDS = 5;
/** The spot sequencers' queues, one per pair: shown as one row that opens. */
const SPOT = 'spot-';

function sum(rows: QueueDepth[], name: string): QueueDepth {
  return rows.reduce(
    (s, q) => ({
      ...s,
      waiting: s.waiting + q.waiting,
      active: s.active + q.active,
      delayed: s.delayed + q.delayed,
      failed: s.failed + q.failed,
      paused: s.paused || q.paused,
    }),
    { name, waiting: 0, active: 0, delayed: 0, failed: 0, paused: false },
  );
}

/** The platform's queues (libs/queue QueueName) said in words; another queue shows its name alone. */
const NAMED_QUEUES = [
  'maintenance',
  'plan-settlement',
  'loans',
  'reviews',
  'trading',
  'nfts',
  'invite',
  'notifications',
];

/**
 * A queue in words in the console's language, its name under it for whoever looks it up in the
 * logs (the names alone read as English code words in every language).
 */
function QueueLabel({ name }: { name: string }) {
  const translate = useTranslate();
  if (!NAMED_QUEUES.includes(name)) return <>{name}</>;
  return (
    <>
      <Box component="span" data-testid="queue-words">
        {translate(`swx.visual.queues.${name}`)}
      </Box>
      <Typography
        component="span"
        variant="caption"
        color="text.secondary"
        dir="ltr"
        sx={{ display: 'block', fontFamily: 'monospace', unicodeBidi: 'isolate' }}
      >
        {name}
      </Typography>
    </>
  );
}

function DepthRow({
  q,
  label,
  nested,
  toggle,
}: {
  q: QueueDepth;
  label: ReactNode;
  nested?: boolean;
  toggle?: { open: boolean; onClick: () => void; title: string };
}) {
  const translate = useTranslate();
  const failing = q.failed > 0;
  return (
    <TableRow
      data-testid={`queue-${q.name}`}
      data-failed={failing ? 'true' : 'false'}
      sx={failing ? { bgcolor: 'rgba(211, 47, 47, 0.08)' } : undefined}
    >
      <TableCell>
        {toggle ? (
          <IconButton
            size="small"
            onClick={toggle.onClick}
            aria-label={toggle.title}
            sx={{ ml: -1, mr: 0.5 }}
          >
            {toggle.open ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
          </IconButton>
        ) : null}
        <Box
          component="span"
          sx={{ ml: nested ? { xs: 2, sm: 5 } : 0, display: 'inline-block', verticalAlign: 'middle' }}
        >
          {label}
        </Box>
        {q.paused ? (
          <Chip size="small" label={translate('swx.dashboard.paused')} color="warning" sx={{ ml: 1 }} />
        ) : null}
      </TableCell>
      <TableCell align="right">{q.waiting}</TableCell>
      <TableCell align="right">{q.active}</TableCell>
      <TableCell align="right">{q.delayed}</TableCell>
      <TableCell align="right">
        {failing ? <Chip size="small" color="error" label={q.failed} data-testid="failed-count" /> : q.failed}
      </TableCell>
    </TableRow>
  );
}

/** Every BullMQ queue's depths, failed jobs highlighted, and the latest failures with their reasons. */
export function QueueSection() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const polled = usePolled<QueueStats>('/stats/queues', REFRESH_SECONDS);
  const { data } = polled;
  const [spotOpen, setSpotOpen] = useState(false);
  const main = (data?.queues ?? []).filter((q) => !q.name.startsWith(SPOT));
  const spot = (data?.queues ?? []).filter((q) => q.name.startsWith(SPOT));
  const head = (
    <TableHead>
      <TableRow>
        <TableCell>{translate('swx.dashboard.queue')}</TableCell>
        <TableCell align="right">{translate('swx.dashboard.waitingJobs')}</TableCell>
        <TableCell align="right">{translate('swx.dashboard.active')}</TableCell>
        <TableCell align="right">{translate('swx.dashboard.delayed')}</TableCell>
        <TableCell align="right">{translate('swx.dashboard.failed')}</TableCell>
      </TableRow>
    </TableHead>
  );
  return (
    <Panel
      title="swx.dashboard.queues"
      testId="queue-table"
      loading={polled.loading}
      error={polled.error}
      onRetry={polled.reload}
      empty={!!data && data.queues.length === 0}
    >
      {data ? (
        <>
          <TableContainer data-testid="queue-depths">
            <Table
              size="small"
              sx={{
                '& .MuiTableCell-root': {
                  px: { xs: 0.5, sm: 2 },
                  fontSize: { xs: '0.8rem', sm: '0.875rem' },
                },
              }}
            >
              {head}
              <TableBody>
                {main.map((q) => (
                  <DepthRow key={q.name} q={q} label={<QueueLabel name={q.name} />} />
                ))}
                {spot.length ? (
                  <Fragment>
                    <DepthRow
                      q={sum(spot, 'spot')}
                      label={translate('swx.dashboard.spotQueues', { smart_count: spot.length })}
                      toggle={{
                        open: spotOpen,
                        onClick: () => setSpotOpen((o) => !o),
                        title: translate(spotOpen ? 'swx.dashboard.collapse' : 'swx.dashboard.expand'),
                      }}
                    />
                    {spotOpen ? spot.map((q) => <DepthRow key={q.name} q={q} label={q.name} nested />) : null}
                  </Fragment>
                ) : null}
              </TableBody>
            </Table>
          </TableContainer>
          <Typography variant="subtitle2" sx={{ mt: 2 }}>
            {translate('swx.dashboard.recentFailed')}
          </Typography>
          {data.recentFailed.length === 0 ? (
            <Typography variant="body2" color="text.secondary" data-testid="no-failed-jobs">
              {translate('swx.dashboard.noFailed')}
            </Typography>
          ) : (
            <Stack
              component="ul"
              spacing={1}
              sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}
              data-testid="failed-jobs"
            >
              {data.recentFailed.map((job) => (
                <Box
                  component="li"
                  key={`${job.queue}-${job.id}`}
                  sx={{ borderLeft: 3, borderColor: 'error.main', pl: 1.5, py: 0.5 }}
                >
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    <strong>{job.queue}</strong> · {job.name} #{job.id} ·{' '}
                    {translate('swx.dashboard.attempts', { smart_count: job.attempts })}
                    {job.failedAt ? ` · ${formatTime(job.failedAt, locale)}` : ''}
                  </Typography>
                  <Typography
                    variant="body2"
                    color="error.main"
                    sx={{ overflowWrap: 'anywhere' }}
                    title={job.reason}
                  >
                    {job.reason.length > 200 ? `${job.reason.slice(0, 200)}…` : job.reason || '—'}
                  </Typography>
                </Box>
              ))}
            </Stack>
          )}
        </>
      ) : null}
    </Panel>
  );
}
