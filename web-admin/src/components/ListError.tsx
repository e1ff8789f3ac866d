import RefreshIcon from '@mui/icons-material/Refresh';
import { Alert, AlertTitle } from '@mui/material';
import { Button, useTranslate } from 'react-admin';

/**
 * A list (or a table of a detail page) whose records could not be loaded: says so, with the API's
 * or the network's message and Retry, instead of the "No results" of an empty list. When rows of an
 * earlier load are still shown below, it says they are from then.
 */
export function ListError({
  error,
  stale,
  onRetry,
}: {
  error: unknown;
  stale: boolean;
  onRetry: () => void;
}) {
  const translate = useTranslate();
  const message = (error as Error | null)?.message;
  return (
    <Alert
      severity="error"
      data-testid="list-error"
      sx={{ m: 1 }}
      action={
        <Button label="swx.list.retry" color="inherit" onClick={onRetry} data-testid="list-retry">
          <RefreshIcon />
        </Button>
      }
    >
      <AlertTitle>{translate('swx.list.failed')}</AlertTitle>
      {message ? translate(message, { _: message }) : null}
      {stale ? ` ${translate('swx.list.stale')}` : null}
    </Alert>
  );
}
