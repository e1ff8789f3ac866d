import { useState } from 'react';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import {
  Alert,
  Box,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField as MuiTextField,
  Typography,
} from '@mui/material';
import {
  BooleanField,
  Button,
  CheckboxGroupInput,
  Create,
  Edit,
  EditButton,
  email,
  FunctionField,
  PasswordInput,
  required,
  SaveButton,
  SimpleForm,
  TextField,
  TextInput,
  Toolbar,
  TopToolbar,
  CreateButton,
  maxLength,
  minLength,
  useDataProvider,
  useGetIdentity,
  useNotify,
  useRecordContext,
  useRedirect,
  useRefresh,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { List } from '../components/List';
import { Datagrid } from '../components/Datagrid';
import { DateField } from '../components/DateField';
import { ROLES } from '../authProvider';
import { ReasonDialog } from '../components/ReasonDialog';
import { ReasonDialogButton } from '../components/ReasonDialogButton';
import type { ConsoleDataProvider } from '../dataProvider';

/** The roles the API knows (AdminRole), in the order the console lists them. */
const ROLE_CHOICES = [
  { id: ROLES.reviewer, name: 'swx.admins.role.reviewer' },
  { id: ROLES.operator, name: 'swx.admins.role.operator' },
  { id: ROLES.superAdmin, name: 'swx.admins.role.super_admin' },
];

/** The API's rule for admin passwords (12 to 128 characters); empty: the server generates one. */
const validatePassword = [
  minLength(12, 'swx.admins.passwordRule'),
  maxLength(128, 'swx.admins.passwordRule'),
];
const validateRoles = [required('swx.admins.rolesRequired')];

function RolesField() {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {(record.roles as string[]).map((role) => (
        <Chip
          key={role}
          size="small"
          color={role === ROLES.superAdmin ? 'secondary' : 'default'}
          label={translate(`swx.admins.role.${role}`, { _: role })}
        />
      ))}
    </Stack>
  );
}

/**
 * A password answered by the API this once (a new admin's, or after a reset): shown with a copy
 * button; closing the dialog forgets it.
 */
function OneTimePasswordDialog({
  open,
  email: account,
  password,
  onClose,
}: {
  open: boolean;
  email: string;
  password: string;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(password);
      notify('swx.admins.copied', { type: 'success' });
    } catch {
      notify('swx.admins.copyFailed', { type: 'warning' });
    }
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" data-testid="one-time-password-dialog">
      <DialogTitle>{translate('swx.admins.oneTimePasswordTitle')}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate('swx.admins.oneTimePasswordHint')}
        </Alert>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {account}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <MuiTextField
            fullWidth
            value={password}
            label={translate('swx.admins.oneTimePassword')}
            slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'one-time-password' } }}
            sx={{ '& input': { fontFamily: 'monospace' } }}
          />
          <Button label="swx.admins.copy" onClick={() => void copy()} data-testid="copy-password">
            <ContentCopyIcon />
          </Button>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button
          label="swx.admins.done"
          variant="contained"
          onClick={onClose}
          data-testid="one-time-password-done"
        />
      </DialogActions>
    </Dialog>
  );
}

/** Disable (sessions end at once, login refused) or enable again, each with a reason. Not on one's own row. */
function ActiveToggleButton() {
  const record = useRecordContext();
  const { identity } = useGetIdentity();
  if (!record || !identity || identity.id === record.id) return null;
  const key = String(record.email);
  return record.active ? (
    <ReasonDialogButton
      action="disable"
      label="swx.admins.disable"
      title="swx.admins.disableTitle"
      done="swx.admins.disabled"
      color="error"
      testId={`disable-${key}`}
    />
  ) : (
    <ReasonDialogButton
      action="enable"
      label="swx.admins.enable"
      title="swx.admins.enableTitle"
      done="swx.admins.enabled"
      color="success"
      testId={`enable-${key}`}
    />
  );
}

/**
 * A super-admin resets another admin's TOTP (lost device) with a reason: that admin's sessions end
 * and the next login enrols again. Not offered on one's own row (the API refuses it too).
 */
function ResetTwoFactorButton() {
  const record = useRecordContext();
  const { identity } = useGetIdentity();
  if (!record?.twoFactorEnabled || !identity || identity.id === record.id) return null;
  return (
    <ReasonDialogButton
      action="2fa/reset"
      label="swx.admins.resetTwoFactor"
      title="swx.admins.resetTwoFactorTitle"
      done="swx.admins.twoFactorReset"
      color="warning"
      testId={`reset-2fa-${String(record.email)}`}
    />
  );
}

/** A new password for another admin, with a reason: their sessions end; the password is shown once. */
function ResetPasswordButton() {
  const record = useRecordContext();
  const { identity } = useGetIdentity();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [password, setPassword] = useState<string | null>(null);
  if (!record || !identity || identity.id === record.id) return null;
  const key = String(record.email);
  const submit = async () => {
    setBusy(true);
    try {
      const answer = await dataProvider.act<{ password: string }>('admins', record.id, 'resetPassword', {
        reason: reason.trim(),
      });
      setOpen(false);
      setReason('');
      setPassword(answer.password);
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button
        label="swx.admins.resetPassword"
        color="warning"
        onClick={(e) => {
          e.stopPropagation();
          setOpen(true);
        }}
        data-testid={`reset-password-${key}`}
      />
      <ReasonDialog
        open={open}
        title={translate('swx.admins.resetPasswordTitle', { email: key })}
        value={reason}
        onChange={setReason}
        confirmLabel="swx.admins.resetPassword"
        color="warning"
        busy={busy}
        testId={`confirm-reset-password-${key}`}
        onConfirm={() => void submit()}
        onClose={() => setOpen(false)}
      />
      <Box onClick={(e) => e.stopPropagation()}>
        <OneTimePasswordDialog
          open={password !== null}
          email={key}
          password={password ?? ''}
          onClose={() => setPassword(null)}
        />
      </Box>
    </>
  );
}

const ListActions = () => (
  <TopToolbar>
    <CreateButton data-testid="create-admin" />
  </TopToolbar>
);

export const AdminList = () => (
  <List sort={{ field: 'createdAt', order: 'ASC' }} actions={<ListActions />}>
    <Datagrid bulkActionButtons={false} rowClick={false}>
      <TextField source="email" />
      <TextField source="displayName" emptyText="-" />
      <FunctionField source="roles" sortable={false} render={() => <RolesField />} />
      <BooleanField source="active" sortable={false} />
      <BooleanField source="twoFactorEnabled" sortable={false} />
      <DateField source="createdAt" showTime />
      <FunctionField
        label="swx.admins.actions"
        render={(r: RaRecord) => (
          <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <EditButton data-testid={`edit-${String(r.email)}`} />
            <ActiveToggleButton />
            <ResetPasswordButton />
            <ResetTwoFactorButton />
          </Stack>
        )}
      />
    </Datagrid>
  </List>
);

/** A new admin: e-mail, display name, roles; the password is generated by the server unless typed. */
export const AdminCreate = () => {
  const redirect = useRedirect();
  const refresh = useRefresh();
  const translate = useTranslate();
  const [created, setCreated] = useState<{ email: string; password: string } | null>(null);
  return (
    <>
      <Create
        redirect={false}
        mutationOptions={{
          onSuccess: (data: RaRecord) => {
            if (typeof data.password === 'string')
              setCreated({ email: String(data.email), password: data.password });
            else redirect('list', 'admins');
          },
        }}
      >
        <SimpleForm>
          <TextInput source="email" type="email" validate={[required(), email()]} autoComplete="off" />
          <TextInput source="displayName" validate={[required(), maxLength(100)]} />
          <CheckboxGroupInput source="roles" choices={ROLE_CHOICES} validate={validateRoles} />
          <PasswordInput
            source="password"
            validate={validatePassword}
            autoComplete="new-password"
            helperText={translate('swx.admins.passwordHelp')}
          />
        </SimpleForm>
      </Create>
      <OneTimePasswordDialog
        open={created !== null}
        email={created?.email ?? ''}
        password={created?.password ?? ''}
        onClose={() => {
          setCreated(null);
          refresh();
          redirect('list', 'admins');
        }}
      />
    </>
  );
};

const EditToolbar = () => (
  <Toolbar>
    <SaveButton />
  </Toolbar>
);

/** Display name and roles; the e-mail stays. Demoting oneself or the last super-admin: the API refuses it. */
export const AdminEdit = () => (
  <Edit mutationMode="pessimistic" redirect="list">
    <SimpleForm toolbar={<EditToolbar />}>
      <TextInput source="email" disabled />
      <TextInput source="displayName" validate={[required(), maxLength(100)]} />
      <CheckboxGroupInput source="roles" choices={ROLE_CHOICES} validate={validateRoles} />
      <FunctionField
        source="disabledReason"
        render={(r: RaRecord) =>
          r.active ? null : (
            <Alert severity="error">
              <Typography variant="body2">{String(r.disabledReason ?? '')}</Typography>
            </Alert>
          )
        }
      />
    </SimpleForm>
  </Edit>
);
