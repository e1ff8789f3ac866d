import { useState, type ReactNode } from 'react';
import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useFormContext } from 'react-hook-form';
import {
  Confirm,
  SaveButton,
  setSubmissionErrors,
  useRecordContext,
  useResourceContext,
  useNotify,
  useSaveContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { changedFields } from '../dataProvider';
import { asText } from '../text';

/** One field the form changes: its value before (none on a new record) and after. */
export interface Change {
  field: string;
  before: unknown;
  after: unknown;
}

const shown = (value: unknown) => asText(value) || null;

/**
 * Save for forms whose change takes effect at once on money (system parameters, products): the
 * form is validated, then a dialog lists each changed field with its value before and after, and
 * only Confirm sends it. The API's field messages land on the fields, as react-admin's own save
 * does (the view's mutationMode is pessimistic); a message on a field the form does not show (the
 * API names it otherwise: `fieldOf`, or it is not in the form) is said in a notification, never
 * dropped. `title` words the question (default: "Save these changes?").
 */
export function ConfirmSaveButton({
  title,
  prepare,
  fieldOf = {},
}: {
  title?: (changes: Change[], record: RaRecord | undefined) => string | undefined;
  /** The values as they are sent (the view's transform), for the list of changes. */
  prepare?: (values: RaRecord) => RaRecord;
  /** The form's input of a field as the API names it, where the names differ (the view's transform). */
  fieldOf?: Record<string, string>;
}) {
  const form = useFormContext();
  const { save, saving } = useSaveContext();
  const record = useRecordContext();
  const resource = useResourceContext() ?? '';
  const translate = useTranslate();
  const notify = useNotify();
  const [pending, setPending] = useState<Record<string, unknown> | null>(null);

  const previous = record as Record<string, unknown> | undefined;
  const changes: Change[] = pending
    ? Object.keys(changedFields(pending, previous)).map((field) => ({
        field,
        before: previous?.[field],
        after: pending[field],
      }))
    : [];
  const label = (field: string) => translate(`resources.${resource}.fields.${field}`, { _: field });
  const value = (v: unknown): ReactNode => shown(v) ?? translate('swx.confirmSave.empty');

  const confirm = async () => {
    const values = pending;
    setPending(null);
    if (!values || !save) return;
    const errors = (await save(values)) as Record<string, unknown> | undefined | null;
    if (errors == null) return;
    const onFields: Record<string, unknown> = {};
    const elsewhere: string[] = [];
    for (const [apiField, message] of Object.entries(errors)) {
      const field = fieldOf[apiField] ?? apiField;
      // An input the form shows is registered (mounted) under its source.
      if (form.control._names.mount.has(field)) onFields[field] = message;
      else elsewhere.push(`${label(field)}: ${translate(String(message), { _: String(message) })}`);
    }
    setSubmissionErrors(onFields, form.setError);
    notify(elsewhere.length ? elsewhere.join('; ') : 'ra.message.invalid_form', { type: 'error' });
  };

  return (
    <>
      <SaveButton
        type="button"
        data-testid="save"
        onClick={(event) => {
          // Not react-admin's save: validate, then ask.
          event.preventDefault();
          void form.handleSubmit((values) => setPending(prepare ? prepare(values as RaRecord) : values))();
        }}
      />
      <Confirm
        isOpen={pending !== null}
        loading={saving}
        // Translated already when given (a node is not translated again).
        title={<>{title?.(changes, record) ?? translate('swx.confirmSave.title')}</>}
        content={
          <>
            <Table size="small" data-testid="confirm-changes" sx={{ mb: 2 }}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate('swx.confirmSave.field')}</TableCell>
                  <TableCell>{translate('swx.confirmSave.before')}</TableCell>
                  <TableCell>{translate('swx.confirmSave.after')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {changes.map((change) => (
                  <TableRow key={change.field}>
                    <TableCell component="th" sx={{ fontWeight: 600 }}>
                      {label(change.field)}
                    </TableCell>
                    {[change.before, change.after].map((v, i) => (
                      // Values are codes and figures: left to right, also in Arabic.
                      <TableCell key={i} dir="ltr" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                        {value(v)}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <Typography variant="body2" color="text.secondary">
              {translate('swx.confirmSave.takesEffect')}
            </Typography>
          </>
        }
        confirm="ra.action.confirm"
        onConfirm={() => void confirm()}
        onClose={() => setPending(null)}
      />
    </>
  );
}
