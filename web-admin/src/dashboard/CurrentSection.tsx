import { useState } from 'react';
import { Box, Chip, Grid, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { Bar } from 'react-chartjs-2';
import { useTranslate } from 'react-admin';
import type { CurrentStats, OpenInterestLine } from '@app/contracts';
import { COLORS } from './charts';
import { formatDecimal } from './format';
import { Figure, Panel } from './Panel';
import { usePolled } from './usePolled';

const REFRESH_SECONDS = 15;
type Measure = 'margin' | 'notional';

/** Open interest per instrument (real and demo books side by side), plan principal and the loan book. */
export function CurrentSection() {
  const translate = useTranslate();
  const polled = usePolled<CurrentStats>('/stats/current', REFRESH_SECONDS);
  const { data } = polled;
  const [measure, setMeasure] = useState<Measure>('margin');

  const instruments = [...new Set((data?.openInterest ?? []).map((o) => `${o.code}|${o.currency}`))];
  const line = (book: 'real' | 'demo', key: string): OpenInterestLine | undefined =>
    data?.openInterest.find((o) => o.book === book && `${o.code}|${o.currency}` === key);
  const value = (o: OpenInterestLine | undefined) => (o ? o[measure] : '0');
  const label = (key: string) => {
    const [code, currency] = key.split('|');
    return currency === 'USDT' ? code : `${code} (${currency})`;
  };

  const measureToggle = (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={measure}
      onChange={(_, v: Measure | null) => v && setMeasure(v)}
    >
      <ToggleButton value="margin">{translate('swx.dashboard.margin')}</ToggleButton>
      <ToggleButton value="notional">{translate('swx.dashboard.notional')}</ToggleButton>
    </ToggleButtonGroup>
  );

  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, lg: 6 }}>
        <Panel
          title="swx.dashboard.openInterest"
          testId="chart-open-interest"
          loading={polled.loading}
          error={polled.error}
          onRetry={polled.reload}
          empty={!!data && data.openInterest.length === 0}
          emptyText="swx.dashboard.noOpenInterest"
          actions={measureToggle}
        >
          {data ? (
            <Box sx={{ position: 'relative', height: Math.max(240, instruments.length * 36 + 80) }}>
              <Bar
                aria-label={translate('swx.dashboard.openInterest')}
                role="img"
                data={{
                  labels: instruments.map(label),
                  datasets: (['real', 'demo'] as const).map((book) => ({
                    label: translate(`swx.dashboard.book.${book}`),
                    data: instruments.map((key) => Number(value(line(book, key)))),
                    backgroundColor: COLORS[book],
                  })),
                }}
                options={{
                  indexAxis: 'y',
                  responsive: true,
                  maintainAspectRatio: false,
                  animation: false,
                  plugins: {
                    legend: { position: 'bottom' },
                    tooltip: {
                      callbacks: {
                        label: (item) => {
                          const book = item.datasetIndex === 0 ? 'real' : 'demo';
                          const o = line(book, instruments[item.dataIndex]);
                          const currency = instruments[item.dataIndex].split('|')[1];
                          return `${item.dataset.label ?? ''}: ${formatDecimal(value(o))} ${currency} · ${translate(
                            'swx.dashboard.orders',
                            { smart_count: o?.orders ?? 0 },
                          )}`;
                        },
                      },
                    },
                  },
                  scales: { x: { beginAtZero: true } },
                }}
              />
            </Box>
          ) : null}
        </Panel>
      </Grid>
      <Grid size={{ xs: 12, md: 6, lg: 3 }}>
        <Panel
          title="swx.dashboard.planPrincipal"
          testId="figure-plans"
          loading={polled.loading}
          error={polled.error}
          onRetry={polled.reload}
          empty={!!data && data.plans.length === 0}
          emptyText="swx.dashboard.noPlans"
        >
          {data ? (
            <Stack spacing={2}>
              {data.plans.map((p) => (
                <Figure
                  key={`${p.kind}-${p.currency}`}
                  label={`${translate(`swx.dashboard.planKind.${p.kind}`)} · ${translate(
                    'swx.dashboard.plans',
                    {
                      smart_count: p.plans,
                    },
                  )}`}
                  value={`${formatDecimal(p.principal)} ${p.currency}`}
                  testId={`plans-${p.kind}-${p.currency}`}
                />
              ))}
            </Stack>
          ) : null}
        </Panel>
      </Grid>
      <Grid size={{ xs: 12, md: 6, lg: 3 }}>
        <Panel
          title="swx.dashboard.loanBook"
          testId="figure-loans"
          loading={polled.loading}
          error={polled.error}
          onRetry={polled.reload}
          empty={!!data && data.loans.length === 0}
          emptyText="swx.dashboard.noLoans"
        >
          {data ? (
            <Stack spacing={2}>
              {data.loans.map((l) => (
                <Box key={l.currency} data-testid={`loans-${l.currency}`}>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
                    <Typography variant="subtitle2">
                      {translate('swx.dashboard.openLoans', { smart_count: l.loans })}
                    </Typography>
                    {l.overdue > 0 ? (
                      <Chip
                        size="small"
                        color="error"
                        label={translate('swx.dashboard.overdueCount', { smart_count: l.overdue })}
                        data-testid={`loans-overdue-${l.currency}`}
                      />
                    ) : null}
                  </Stack>
                  <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', columnGap: 3, rowGap: 1 }}>
                    <Figure
                      label={translate('swx.dashboard.principal')}
                      value={`${formatDecimal(l.principal)} ${l.currency}`}
                      testId={`loans-principal-${l.currency}`}
                    />
                    <Figure
                      label={translate('swx.dashboard.outstanding')}
                      value={`${formatDecimal(l.outstanding)} ${l.currency}`}
                      testId={`loans-outstanding-${l.currency}`}
                    />
                  </Stack>
                  {l.overdue > 0 ? (
                    <Typography variant="caption" color="error.main">
                      {translate('swx.dashboard.overduePrincipal', {
                        amount: `${formatDecimal(l.overduePrincipal)} ${l.currency}`,
                      })}
                    </Typography>
                  ) : null}
                </Box>
              ))}
            </Stack>
          ) : null}
        </Panel>
      </Grid>
    </Grid>
  );
}
