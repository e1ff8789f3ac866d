import { useState } from 'react';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import {
  Alert,
  Box,
  Card,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField as MuiTextField,
  Tooltip,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import {
  BooleanField,
  Button,
  CheckboxGroupInput,
  Confirm,
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
  RecordContextProvider,
  useDataProvider,
  useGetIdentity,
  useGetList,
  useNotify,
  useRecordContext,
  useRedirect,
  useRefresh,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { call } from '../api';
import { List } from '../components/List';
import { Datagrid } from '../components/Datagrid';
import { DateField } from '../components/DateField';
import { ROLES } from '../authProvider';
import { ReasonDialog } from '../components/ReasonDialog';
import { ReasonDialogButton } from '../components/ReasonDialogButton';
import { ReviewActions, type ReviewTexts } from '../components/ReviewActions';
import type { ConsoleDataProvider } from '../dataProvider';

/**
 * Grants of the super-admin role (the API's /admins/roleGrants): while two or more super-admins are
 * active, giving an account the role waits for another super-admin's approval (maker-checker, as
 * ledger adjustments: else one person could make a second super-admin and approve their own
 * adjustment with it). Neither the requester nor the account it is for may decide it.
 */
const ROLE_GRANTS = 'admins/roleGrants';
/** An e-mail isolated left to right inside a sentence (in Arabic it keeps its order). */
const isolated = (text: unknown) => `\u2066${String(text)}\u2069`;

const GRANT_TEXTS: ReviewTexts = {
  approveTitle: 'swx.admins.grantApproveTitle',
  approveContent: 'swx.admins.grantApproveContent',
  rejectTitle: 'swx.admins.grantRejectTitle',
  reasonLabel: 'swx.admins.grantReason',
  approved: 'swx.admins.grantApproved',
};

/** The pending grant on an admin account (adminView's pendingRoleGrant). */
interface PendingGrant {
  id: string;
  role: string;
  requestedBy: string;
  requestedByEmail: string | null;
  createdAt: string;
}

/** GET /admins/roleGrants/mode: how a grant of the super-admin role goes now. */
interface GrantMode {
  mode: 'immediate' | 'request';
  activeSuperAdmins: number;
  fourEyesSince: string | null;
}

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
      {record.pendingRoleGrant ? (
        <Chip
          size="small"
          variant="outlined"
          color="warning"
          label={translate('swx.admins.grantWaiting')}
          data-testid={`grant-waiting-${String(record.email)}`}
        />
      ) : null}
    </Stack>
  );
}

/** The requester takes back their own pending grant (the account keeps its roles). */
function WithdrawGrantButton({ grant }: { grant: RaRecord }) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const email = String(grant.adminEmail);
  const submit = async () => {
    setBusy(true);
    try {
      await dataProvider.act(ROLE_GRANTS, grant.id, 'withdraw');
      notify('swx.admins.grantWithdrawn', { type: 'success' });
      setOpen(false);
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
        label="swx.admins.grantWithdraw"
        color="warning"
        variant="outlined"
        onClick={() => setOpen(true)}
        disabled={busy}
        data-testid={`withdraw-grant-${email}`}
      />
      <Confirm
        isOpen={open}
        loading={busy}
        title="swx.admins.grantWithdrawTitle"
        titleTranslateOptions={{ email: isolated(email) }}
        content="swx.admins.grantWithdrawContent"
        confirm="swx.admins.grantWithdraw"
        onConfirm={() => void submit()}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

/** What this admin may do with a pending grant: withdraw their own, or approve / reject another's. */
function GrantDecision({ grant, identityId }: { grant: RaRecord; identityId: unknown }) {
  const translate = useTranslate();
  const email = String(grant.adminEmail);
  if (grant.requestedBy === identityId)
    return (
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary">
          {translate('swx.admins.grantOwn')}
        </Typography>
        <WithdrawGrantButton grant={grant} />
      </Stack>
    );
  // The account the role is for cannot decide it either (the API refuses it too).
  if (grant.adminId === identityId) return null;
  return (
    <ReviewActions
      resource={ROLE_GRANTS}
      texts={GRANT_TEXTS}
      testIdSuffix={`-grant-${email}`}
      summary={(r, _user, t) =>
        t('swx.admins.grantSummary', {
          email: isolated(r.adminEmail),
          requester: isolated(r.requestedByEmail ?? r.requestedBy),
        })
      }
    />
  );
}

/** An e-mail in a cell: broken only where it must be (at its hyphens and dots first). */
const EMAIL_CELL = { overflowWrap: 'break-word', wordBreak: 'normal' } as const;

/**
 * The super-admin role grants waiting for a decision, above the accounts: another super-admin
 * approves (after a confirmation) or rejects (with a reason); the requester may only withdraw. A
 * table on a desktop, one block per grant on a phone.
 */
function PendingRoleGrants() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const { data } = useGetList(ROLE_GRANTS, {
    filter: { status: 'pending' },
    sort: { field: 'id', order: 'ASC' },
    pagination: { page: 1, perPage: 100 },
  });
  if (!data?.length || !identity) return null;
  const requester = (grant: RaRecord) => String(grant.requestedByEmail ?? grant.requestedBy);
  return (
    <Card variant="outlined" sx={{ m: 1, borderColor: 'warning.main' }} data-testid="pending-role-grants">
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate('swx.admins.grantsTitle')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('swx.admins.grantsHelp')}
        </Typography>
        {phone ? (
          <Stack spacing={1.5}>
            {data.map((grant) => (
              <RecordContextProvider key={grant.id} value={grant}>
                <Box
                  data-testid={`role-grant-${String(grant.adminEmail)}`}
                  sx={{ borderTop: 1, borderColor: 'divider', pt: 1.5, ...EMAIL_CELL }}
                >
                  <Typography variant="subtitle2">{String(grant.adminEmail)}</Typography>
                  <Typography variant="body2">
                    {translate(`swx.admins.role.${String(grant.role)}`)}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {translate('swx.admins.grantRequestedBy')}: <bdi>{requester(grant)}</bdi>
                  </Typography>
                  <Typography variant="body2" color="text.secondary" component="div" sx={{ mb: 1 }}>
                    {translate('swx.admins.grantRequestedAt')}: <DateField source="createdAt" showTime />
                  </Typography>
                  <GrantDecision grant={grant} identityId={identity.id} />
                </Box>
              </RecordContextProvider>
            ))}
          </Stack>
        ) : (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate('resources.admins.fields.email')}</TableCell>
                <TableCell>{translate('swx.admins.grantRole')}</TableCell>
                <TableCell>{translate('swx.admins.grantRequestedBy')}</TableCell>
                <TableCell>{translate('swx.admins.grantRequestedAt')}</TableCell>
                <TableCell>{translate('swx.admins.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((grant) => (
                <RecordContextProvider key={grant.id} value={grant}>
                  <TableRow data-testid={`role-grant-${String(grant.adminEmail)}`}>
                    <TableCell sx={EMAIL_CELL}>{String(grant.adminEmail)}</TableCell>
                    <TableCell>{translate(`swx.admins.role.${String(grant.role)}`)}</TableCell>
                    <TableCell sx={EMAIL_CELL}>{requester(grant)}</TableCell>
                    <TableCell>
                      <DateField source="createdAt" showTime />
                    </TableCell>
                    <TableCell>
                      <GrantDecision grant={grant} identityId={identity.id} />
                    </TableCell>
                  </TableRow>
                </RecordContextProvider>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * Under the roles of the create and edit forms, once the super-admin role is ticked for an account
 * without it: whether it waits for a second super-admin (two or more active) or is given at once
 * (the only active super-admin, the bootstrap case). The API decides at saving time.
 */
function SuperAdminGrantNote() {
  const translate = useTranslate();
  const record = useRecordContext();
  const roles = useWatch({ name: 'roles' }) as string[] | undefined;
  const adds =
    roles?.includes(ROLES.superAdmin) && !(record?.roles as string[] | undefined)?.includes(ROLES.superAdmin);
  // The API says how a grant goes: at once only while two super-admins have never been active.
  const { data: grant } = useQuery({
    queryKey: ['admins', 'roleGrants', 'mode'],
    queryFn: () => call<GrantMode>('/admins/roleGrants/mode'),
    enabled: !!adds,
  });
  const pending = record?.pendingRoleGrant as PendingGrant | null | undefined;
  if (pending)
    return (
      <Alert severity="warning" sx={{ mb: 2 }} data-testid="grant-pending-note">
        {translate('swx.admins.grantPendingOnEdit', {
          requester: isolated(pending.requestedByEmail ?? pending.requestedBy),
        })}
      </Alert>
    );
  if (!adds || !grant) return null;
  if (grant.mode === 'immediate')
    return (
      <Alert severity="info" sx={{ mb: 2 }} data-testid="grant-immediate">
        {translate('swx.admins.grantImmediate')}
      </Alert>
    );
  return (
    <Alert
      severity={grant.activeSuperAdmins < 2 ? 'warning' : 'info'}
      sx={{ mb: 2 }}
      data-testid="grant-will-wait"
    >
      {translate(grant.activeSuperAdmins < 2 ? 'swx.admins.grantLoneWaits' : 'swx.admins.grantWillWait')}
    </Alert>
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
  note,
  onClose,
}: {
  open: boolean;
  email: string;
  password: string;
  /** Said above the password (translated already): the super-admin role waiting for approval. */
  note?: string;
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
        {note ? (
          <Alert severity="info" sx={{ mb: 2 }} data-testid="one-time-password-grant-note">
            {note}
          </Alert>
        ) : null}
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
  // The API refuses it (the one who resets sees the new password): the role is removed first.
  if ((record.roles as string[]).includes(ROLES.superAdmin))
    return (
      <Tooltip title={translate('swx.admins.superAdminNoReset')}>
        <span data-testid={`reset-password-locked-${key}`}>
          <Button label="swx.admins.resetPassword" color="warning" disabled />
        </span>
      </Tooltip>
    );
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

// Newest first: the account just created is at the top when the form hands back to the list.
export const AdminList = () => (
  <List sort={{ field: 'createdAt', order: 'DESC' }} actions={<ListActions />}>
    {/* Above the accounts: the super-admin role grants that wait for a second super-admin. */}
    <PendingRoleGrants />
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
  const notify = useNotify();
  const translate = useTranslate();
  const [created, setCreated] = useState<{ email: string; password: string; pending: boolean } | null>(null);
  return (
    <>
      <Create
        redirect={false}
        mutationOptions={{
          onSuccess: (data: RaRecord) => {
            const pending = !!data.pendingRoleGrant;
            if (typeof data.password === 'string')
              setCreated({ email: String(data.email), password: data.password, pending });
            else {
              notify(pending ? 'swx.admins.grantRequested' : 'ra.notification.created', {
                type: pending ? 'info' : 'success',
                messageArgs: { smart_count: 1 },
              });
              redirect('list', 'admins');
            }
          },
        }}
      >
        <SimpleForm>
          <TextInput source="email" type="email" validate={[required(), email()]} autoComplete="off" />
          <TextInput source="displayName" validate={[required(), maxLength(100)]} />
          <CheckboxGroupInput source="roles" choices={ROLE_CHOICES} validate={validateRoles} />
          <SuperAdminGrantNote />
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
        note={created?.pending ? translate('swx.admins.grantRequested') : undefined}
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

/**
 * Display name and roles; the e-mail stays. Demoting oneself or the last super-admin: the API
 * refuses it. The super-admin role, with two or more active super-admins, waits for a second one.
 */
export const AdminEdit = () => {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Edit
      mutationMode="pessimistic"
      mutationOptions={{
        onSuccess: (data: RaRecord, variables: { previousData?: RaRecord }) => {
          const requested = !!data.pendingRoleGrant && !variables.previousData?.pendingRoleGrant;
          notify(requested ? 'swx.admins.grantRequested' : 'ra.notification.updated', {
            type: requested ? 'info' : 'success',
            messageArgs: { smart_count: 1 },
          });
          redirect('list', 'admins');
        },
      }}
    >
      <SimpleForm toolbar={<EditToolbar />}>
        <TextInput source="email" disabled />
        <TextInput source="displayName" validate={[required(), maxLength(100)]} />
        <CheckboxGroupInput source="roles" choices={ROLE_CHOICES} validate={validateRoles} />
        <SuperAdminGrantNote />
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
};
