import { useMemo, useState } from 'react';
import { Box, Grid, MenuItem, Stack, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
import type { ChartOptions, TooltipItem } from 'chart.js';
import { Bar, Line } from 'react-chartjs-2';
import { useLocaleState, useTranslate } from 'react-admin';
import type { DailyStats } from '@app/contracts';
import { intlLocale } from '../i18n/intl';
import { COLORS, dayTicks } from './charts';
import { formatDecimal, sumDecimals } from './format';
import { Figure, Panel } from './Panel';
import { usePolled } from './usePolled';

const RANGES = [7, 30, 90, 365] as const;
const REFRESH_SECONDS = 60;
const DAY_MS = 24 * 3600 * 1000;

/** The first UTC day of the last `days` days (today included). */
function fromDay(days: number): string {
  return new Date(Date.now() - (days - 1) * DAY_MS).toISOString().slice(0, 10);
}

/** A day label in the console's language, in UTC (the series are UTC days). */
function dayLabel(day: string, locale: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString(intlLocale(locale), {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** A UTC day (YYYY-MM-DD) as the console writes dates in its language (30/10/2026, 2026/10/30...). */
function dayText(day: string, locale: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime())
    ? day
    : date.toLocaleDateString(intlLocale(locale), { timeZone: 'UTC' });
}

/** Deposits against withdrawals per day for one currency, and new users per day. */
export function DailySection() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [days, setDays] = useState<number>(30);
  const [chosen, setChosen] = useState<string>();
  const polled = usePolled<DailyStats>(`/stats/daily?from=${fromDay(days)}`, REFRESH_SECONDS);
  const { data } = polled;
  const currency =
    chosen && data?.currencies.includes(chosen)
      ? chosen
      : data?.currencies.includes('USDT')
        ? 'USDT'
        : data?.currencies[0];

  const flows = useMemo(() => {
    if (!data || !currency) return undefined;
    const deposits = data.series.map((p) => p.deposits[currency] ?? '0');
    const withdrawals = data.series.map((p) => p.withdrawals[currency] ?? '0');
    return { labels: data.series.map((p) => dayLabel(p.day, locale)), deposits, withdrawals };
  }, [data, currency, locale]);

  const range = (
    <Stack direction="row" useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={days}
        onChange={(_, v: number | null) => v && setDays(v)}
        aria-label={translate('swx.dashboard.range')}
      >
        {RANGES.map((d) => (
          <ToggleButton key={d} value={d} data-testid={`range-${d}`}>
            {translate('swx.dashboard.days', { smart_count: d })}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {data && currency ? (
        <TextField
          select
          size="small"
          label={translate('swx.dashboard.currency')}
          value={currency}
          onChange={(e) => setChosen(e.target.value)}
          sx={{ width: 120 }}
          slotProps={{ htmlInput: { 'data-testid': 'flows-currency' } }}
        >
          {data.currencies.map((c) => (
            <MenuItem key={c} value={c}>
              {c}
            </MenuItem>
          ))}
        </TextField>
      ) : null}
    </Stack>
  );

  const money = (values: string[]) => (item: TooltipItem<'line'>) =>
    `${item.dataset.label ?? ''}: ${formatDecimal(values[item.dataIndex])} ${currency ?? ''}`;
  const flowOptions = (deposits: string[], withdrawals: string[]): ChartOptions<'line'> => ({
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    interaction: { mode: 'index', intersect: false },
    plugins: {
      legend: { position: 'bottom' },
      tooltip: {
        callbacks: {
          label: (item) => (item.datasetIndex === 0 ? money(deposits) : money(withdrawals))(item),
        },
      },
    },
    scales: {
      y: { beginAtZero: true, ticks: { precision: 0 } },
      x: { ticks: dayTicks(16) },
    },
  });
  const quiet =
    !!data &&
    !!currency &&
    data.totals.deposits[currency] === '0' &&
    data.totals.withdrawals[currency] === '0';

  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, lg: 8 }}>
        <Panel
          title="swx.dashboard.flows"
          testId="chart-flows"
          loading={polled.loading}
          error={polled.error}
          onRetry={polled.reload}
          actions={range}
        >
          {flows && currency && data ? (
            <>
              <Stack direction="row" useFlexGap sx={{ mb: 1, flexWrap: 'wrap', columnGap: 3, rowGap: 1 }}>
                <Figure
                  label={translate('swx.dashboard.totalDeposits')}
                  value={`${formatDecimal(data.totals.deposits[currency] ?? '0')} ${currency}`}
                  testId="total-deposits"
                />
                <Figure
                  label={translate('swx.dashboard.totalWithdrawals')}
                  value={`${formatDecimal(data.totals.withdrawals[currency] ?? '0')} ${currency}`}
                  testId="total-withdrawals"
                />
                <Figure
                  label={translate('swx.dashboard.net')}
                  value={`${formatDecimal(
                    sumDecimals([
                      data.totals.deposits[currency] ?? '0',
                      `-${data.totals.withdrawals[currency] ?? '0'}`,
                    ]),
                  )} ${currency}`}
                />
              </Stack>
              <Box sx={{ position: 'relative', height: 280 }}>
                <Line
                  aria-label={translate('swx.dashboard.flows')}
                  role="img"
                  data={{
                    labels: flows.labels,
                    datasets: [
                      {
                        label: translate('swx.dashboard.deposits'),
                        data: flows.deposits.map(Number),
                        borderColor: COLORS.deposits,
                        backgroundColor: `${COLORS.deposits}22`,
                        fill: true,
                        tension: 0.2,
                        pointRadius: days > 90 ? 0 : 2,
                      },
                      {
                        label: translate('swx.dashboard.withdrawals'),
                        data: flows.withdrawals.map(Number),
                        borderColor: COLORS.withdrawals,
                        backgroundColor: `${COLORS.withdrawals}22`,
                        fill: true,
                        tension: 0.2,
                        pointRadius: days > 90 ? 0 : 2,
                      },
                    ],
                  }}
                  options={flowOptions(flows.deposits, flows.withdrawals)}
                />
              </Box>
              {quiet ? (
                <Box sx={{ mt: 1, color: 'text.secondary', typography: 'caption' }} data-testid="flows-quiet">
                  {translate('swx.dashboard.noFlows', { currency })}
                </Box>
              ) : null}
            </>
          ) : null}
        </Panel>
      </Grid>
      <Grid size={{ xs: 12, lg: 4 }}>
        <Panel
          title="swx.dashboard.newUsers"
          testId="chart-users"
          loading={polled.loading}
          error={polled.error}
          onRetry={polled.reload}
        >
          {data ? (
            <>
              <Figure
                label={translate('swx.dashboard.inRange', {
                  from: dayText(data.from, locale),
                  to: dayText(data.to, locale),
                })}
                value={data.totals.newUsers}
                testId="total-new-users"
              />
              <Box sx={{ position: 'relative', height: 280, mt: 1 }}>
                <Bar
                  aria-label={translate('swx.dashboard.newUsers')}
                  role="img"
                  data={{
                    labels: data.series.map((p) => dayLabel(p.day, locale)),
                    datasets: [
                      {
                        label: translate('swx.dashboard.newUsers'),
                        data: data.series.map((p) => p.newUsers),
                        backgroundColor: COLORS.users,
                      },
                    ],
                  }}
                  options={{
                    responsive: true,
                    maintainAspectRatio: false,
                    animation: false,
                    plugins: { legend: { display: false } },
                    scales: {
                      y: { beginAtZero: true, ticks: { precision: 0 } },
                      x: { ticks: dayTicks(10) },
                    },
                  }}
                />
              </Box>
            </>
          ) : null}
        </Panel>
      </Grid>
    </Grid>
  );
}
