import DownloadIcon from '@mui/icons-material/GetApp';
import {
  Alert,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Typography,
} from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import {
  Button,
  fetchRelatedRecords,
  useDataProvider,
  useGetResourceLabel,
  useListContext,
  useNotify,
  useTranslate,
} from 'react-admin';
import type { ConsoleDataProvider } from '../dataProvider';
import { EXPORT_MAX_ROWS, ExportTooLarge, fetchAllRecords, type ExportProgress } from '../exportAll';
import { useIntlLocale } from '../i18n/intl';

type State =
  | { step: 'idle' }
  | { step: 'running'; progress: ExportProgress | null }
  | { step: 'tooMany'; total: number }
  | { step: 'failed'; message: string };

/**
 * The console's Export (react-admin's stopped at 1,000 records without a word): every record of the
 * list matching its filters, read page after page (exportAll.ts), then handed to the list's
 * exporter as react-admin's button does (the same CSV). While it reads, a dialog says how far it is
 * ("Exporting 2,500 of 12,000…") with Cancel, and the button is disabled. A page that fails, or more
 * records than an export holds, says so in the dialog and saves no file.
 */
export function ExportButton({ label = 'ra.action.export' }: { label?: string }) {
  const { filter, filterValues, resource, sort, exporter, total } = useListContext();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const translate = useTranslate();
  const notify = useNotify();
  const resourceLabel = useGetResourceLabel();
  const number = new Intl.NumberFormat(useIntlLocale());
  const [state, setState] = useState<State>({ step: 'idle' });
  const abort = useRef<AbortController | null>(null);
  // Leaving the list stops an export still reading.
  useEffect(() => () => abort.current?.abort(), []);

  const start = async () => {
    if (!exporter || abort.current) return;
    const controller = new AbortController();
    abort.current = controller;
    setState({ step: 'running', progress: null });
    try {
      const records = await fetchAllRecords(dataProvider, resource, {
        filter: filter ? { ...filterValues, ...filter } : filterValues,
        listSort: sort,
        signal: controller.signal,
        onProgress: (progress) => {
          if (!controller.signal.aborted) setState({ step: 'running', progress });
        },
      });
      if (controller.signal.aborted) return;
      // Not awaited: react-admin's default exporter answers a promise that never settles (jsonexport
      // called with a callback); an exporter that fails still says so.
      void Promise.resolve(
        exporter(records, fetchRelatedRecords(dataProvider), dataProvider, resource),
      ).catch((error: unknown) => {
        console.error(error);
        const message = (error as Error | null)?.message ?? '';
        setState({ step: 'failed', message: translate(message, { _: message }) });
      });
      setState({ step: 'idle' });
      notify('swx.export.done', { type: 'success', messageArgs: { count: number.format(records.length) } });
    } catch (error) {
      if (controller.signal.aborted) return;
      console.error(error);
      if (error instanceof ExportTooLarge) setState({ step: 'tooMany', total: error.total });
      else {
        const message = (error as Error | null)?.message ?? '';
        setState({ step: 'failed', message: translate(message, { _: message }) });
      }
    } finally {
      if (abort.current === controller) abort.current = null;
    }
  };

  const cancel = () => {
    abort.current?.abort();
    abort.current = null;
    setState({ step: 'idle' });
  };

  const progress = state.step === 'running' ? state.progress : null;
  return (
    <>
      <Button
        label={label}
        onClick={() => void start()}
        disabled={state.step === 'running' || total === 0 || !exporter}
        data-testid="export-all"
      >
        <DownloadIcon />
      </Button>
      <Dialog
        open={state.step !== 'idle'}
        onClose={state.step === 'running' ? undefined : cancel}
        fullWidth
        maxWidth="xs"
        data-testid="export-dialog"
      >
        <DialogTitle>
          {translate('ra.action.export')} · {resourceLabel(resource, 2)}
        </DialogTitle>
        <DialogContent>
          {state.step === 'running' && (
            <>
              <Typography data-testid="export-progress" sx={{ mb: 1.5 }}>
                {progress
                  ? translate('swx.export.progress', {
                      done: number.format(progress.done),
                      total: number.format(progress.total),
                    })
                  : translate('swx.export.preparing')}
              </Typography>
              <LinearProgress
                // A new bar once the count is known (an indeterminate bar turned determinate kept
                // the running animation's width for a moment).
                key={progress ? 'determinate' : 'indeterminate'}
                variant={progress ? 'determinate' : 'indeterminate'}
                value={progress && progress.total > 0 ? (100 * progress.done) / progress.total : 0}
              />
            </>
          )}
          {state.step === 'tooMany' && (
            <Alert severity="warning" data-testid="export-too-many">
              {translate('swx.export.tooMany', {
                total: number.format(state.total),
                max: number.format(EXPORT_MAX_ROWS),
              })}
            </Alert>
          )}
          {state.step === 'failed' && (
            <Alert severity="error" data-testid="export-failed">
              {translate('swx.export.failed', { message: state.message })}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button
            label={state.step === 'running' ? 'ra.action.cancel' : 'ra.action.close'}
            onClick={cancel}
            data-testid="export-close"
          />
        </DialogActions>
      </Dialog>
    </>
  );
}
