import { useState, type ReactElement, type ReactNode } from 'react';
import {
  Button,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
  useResourceContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import type { ConsoleDataProvider } from '../dataProvider';
import { ReasonDialog } from './ReasonDialog';

/**
 * A record action that needs a written reason or note (freeze, unfreeze, mark repaid): a dialog asks
 * for it, the action is posted to /<resource>/<id>/<action>, and the API's refusal is shown.
 */
export function ReasonDialogButton({
  action,
  label,
  title,
  field = 'reason',
  fieldLabel = 'swx.review.reasonInternal',
  done,
  icon,
  color = 'primary',
  testId,
  summary,
}: {
  action: string;
  label: string;
  title: string;
  field?: string;
  fieldLabel?: string;
  done: string;
  icon?: ReactElement;
  color?: 'primary' | 'error' | 'success' | 'warning';
  testId?: string;
  /** What the action does to the record, said in its dialog (an amount it records, for whom). */
  summary?: (record: RaRecord) => ReactNode;
}) {
  const record = useRecordContext();
  const resource = useResourceContext() ?? '';
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const submit = async () => {
    setBusy(true);
    try {
      await dataProvider.act(resource, record.id, action, { [field]: text.trim() });
      notify(done, { type: 'success' });
      setOpen(false);
      setText('');
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button
        label={label}
        color={color}
        onClick={(e) => {
          e.stopPropagation();
          setOpen(true);
        }}
        data-testid={testId}
      >
        {icon}
      </Button>
      <ReasonDialog
        open={open}
        title={translate(title, { id: record.id })}
        name={field}
        fieldLabel={fieldLabel}
        value={text}
        onChange={setText}
        confirmLabel={label}
        color={color}
        busy={busy}
        testId={testId ? `confirm-${testId}` : undefined}
        summary={open ? summary?.(record) : undefined}
        onConfirm={() => void submit()}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
