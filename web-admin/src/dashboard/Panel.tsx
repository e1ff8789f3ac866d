import type { ReactNode } from 'react';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/**
 * A dashboard card with the three states every figure has besides its content: loading (nothing
 * yet), error (with a retry; the last good content stays under the message) and empty.
 */
export function Panel({
  title,
  testId,
  loading,
  error,
  empty,
  emptyText,
  onRetry,
  actions,
  children,
}: {
  title: string;
  testId: string;
  loading: boolean;
  error?: Error;
  empty?: boolean;
  emptyText?: string;
  onRetry?: () => void;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  const translate = useTranslate();
  const state = loading ? 'loading' : error && !children ? 'error' : empty ? 'empty' : 'ready';
  return (
    <Card sx={{ height: '100%' }} data-testid={testId} data-state={state}>
      <CardContent sx={{ px: { xs: 1.5, sm: 2 } }}>
        <Stack
          direction="row"
          useFlexGap
          sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 1 }}
        >
          <Typography variant="h6" component="h2">
            {translate(title)}
          </Typography>
          {actions}
        </Stack>
        {error ? (
          <Alert
            severity="error"
            sx={{ mb: 1 }}
            action={
              onRetry ? (
                <Button color="inherit" size="small" onClick={onRetry}>
                  {translate('swx.dashboard.retry')}
                </Button>
              ) : undefined
            }
          >
            {translate('swx.dashboard.loadFailed', { message: error.message })}
          </Alert>
        ) : null}
        {loading ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
            <CircularProgress size={32} aria-label={translate('ra.page.loading')} />
          </Box>
        ) : empty ? (
          <Typography
            color="text.secondary"
            sx={{ py: 4, textAlign: 'center' }}
            data-testid={`${testId}-empty`}
          >
            {translate(emptyText ?? 'swx.dashboard.empty')}
          </Typography>
        ) : (
          children
        )}
      </CardContent>
    </Card>
  );
}

/** One labelled figure: a caption over a value. */
export function Figure({
  label,
  value,
  tone,
  testId,
}: {
  label: string;
  value: ReactNode;
  tone?: 'error' | 'success';
  testId?: string;
}) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography
        variant="h6"
        component="div"
        data-testid={testId}
        color={tone === 'error' ? 'error.main' : tone === 'success' ? 'success.main' : 'text.primary'}
        // A figure's sign stays in front of it in Arabic (its direction from its content).
        sx={{ overflowWrap: 'anywhere', unicodeBidi: 'plaintext' }}
      >
        {value}
      </Typography>
    </Box>
  );
}
