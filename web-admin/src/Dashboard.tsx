import { useEffect, useState } from 'react';
import { Box, Card, CardActionArea, CardContent, Grid, Typography } from '@mui/material';
import { Title, useGetList, usePermissions, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { hasRole, ROLES } from './authProvider';
import './dashboard/charts';
import { CurrentSection } from './dashboard/CurrentSection';
import { DailySection } from './dashboard/DailySection';
import { QueueSection } from './dashboard/QueueSection';
import { useFormatTime } from './i18n/intl';

const REFRESH_SECONDS = 5;

/** The number of waiting requests, read from the queue's Content-Range total and polled. */
function Counter({
  resource,
  filter,
  label,
  testId,
}: {
  resource: string;
  filter: Record<string, string>;
  label: string;
  testId: string;
}) {
  const translate = useTranslate();
  const { total, isPending, error } = useGetList(
    resource,
    { pagination: { page: 1, perPage: 1 }, sort: { field: 'id', order: 'DESC' }, filter },
    { refetchInterval: REFRESH_SECONDS * 1000 },
  );
  const query = encodeURIComponent(JSON.stringify(filter));
  return (
    <Card sx={{ height: '100%' }}>
      <CardActionArea component={Link} to={`/${resource}?filter=${query}`} sx={{ height: '100%' }}>
        <CardContent>
          <Typography color="text.secondary" gutterBottom>
            {translate(label)}
          </Typography>
          <Typography variant="h3" data-testid={testId} color={total ? 'warning.main' : 'text.primary'}>
            {error ? '!' : isPending ? '…' : (total ?? 0)}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {translate('swx.dashboard.open')}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

export function Dashboard() {
  const formatTime = useFormatTime();
  const translate = useTranslate();
  const { permissions } = usePermissions<string[]>();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), REFRESH_SECONDS * 1000);
    return () => clearInterval(timer);
  }, []);
  const reviewer = hasRole(permissions, ROLES.reviewer);
  return (
    <>
      <Title title="swx.dashboard.title" />
      <Typography variant="h5" sx={{ mt: 2, mb: 1 }}>
        {translate('swx.dashboard.waiting')}
      </Typography>
      {reviewer ? (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>
            <Counter
              resource="kyc"
              filter={{ status: 'pending', level: 'basic' }}
              label="swx.dashboard.kyc"
              testId="count-kyc"
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>
            <Counter
              resource="kyc"
              filter={{ status: 'pending', level: 'advanced' }}
              label="swx.dashboard.advanced"
              testId="count-advanced"
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>
            <Counter
              resource="recharges"
              filter={{ status: 'pending' }}
              label="swx.dashboard.deposits"
              testId="count-deposits"
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>
            <Counter
              resource="withdrawals"
              filter={{ status: 'pending' }}
              label="swx.dashboard.withdrawals"
              testId="count-withdrawals"
            />
          </Grid>
        </Grid>
      ) : null}
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 2 }}>
        {translate('swx.dashboard.refreshed', {
          seconds: REFRESH_SECONDS,
          time: formatTime(now, 'time'),
        })}
      </Typography>
      {/* The figures of the whole platform: every role that sees the dashboard may read them. */}
      {hasRole(permissions, ROLES.reviewer, ROLES.operator) ? (
        // A grid track of minmax(0, 1fr): wide tables scroll inside their cards instead of widening the page.
        <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)' }}>
          <Typography variant="h5" sx={{ mt: 3, mb: 1 }}>
            {translate('swx.dashboard.activity')}
          </Typography>
          <DailySection />
          <Typography variant="h5" sx={{ mt: 3, mb: 1 }}>
            {translate('swx.dashboard.positions')}
          </Typography>
          <CurrentSection />
          <Typography variant="h5" sx={{ mt: 3, mb: 1 }}>
            {translate('swx.dashboard.jobs')}
          </Typography>
          <QueueSection />
        </Box>
      ) : null}
    </>
  );
}
