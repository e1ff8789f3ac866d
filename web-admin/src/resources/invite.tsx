import { Button, Card, CardContent, Stack, TextField as MuiTextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import {
  Confirm,
  FunctionField,
  TextField,
  TextInput,
  useNotify,
  usePermissions,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { List } from '../components/List';
import { Datagrid } from '../components/Datagrid';
import { DateField } from '../components/DateField';
import { ReasonLabel } from '../components/LedgerWords';
import { call } from '../api';
import { hasRole, ROLES } from '../authProvider';
import { UserField } from './common';
import { AmountField } from '../components/Amount';

/** The system parameter that holds the invite reward rule (the inviter's share of each trading fee). */
export const INVITE_RATE_KEY = 'invite_reward_rate';

interface Parameter {
  id: string;
  value: string;
  description?: string | null;
}

const SHARE = /^(0(\.\d{1,8})?|1(\.0{1,8})?)$/;

/**
 * The reward rule: the share (0..1) of every real-book trading fee an invited user pays that is
 * credited to the inviter. Operators change it here, after confirming the change (before and after);
 * the API checks and audits it (`parameter.updated` on `invite_reward_rate`) and customers see the
 * new rule at once.
 */
export function InviteRuleCard() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const { permissions } = usePermissions<string[]>();
  const operator = hasRole(permissions ?? [], ROLES.operator);
  const [current, setCurrent] = useState<Parameter | null>(null);
  const [draft, setDraft] = useState('');
  const [saving, setSaving] = useState(false);
  const [confirming, setConfirming] = useState(false);

  useEffect(() => {
    if (!operator) return;
    let live = true;
    call<Parameter>(`/parameters/${INVITE_RATE_KEY}`).then(
      (p) => {
        if (!live) return;
        setCurrent(p);
        setDraft(p.value);
      },
      () => live && setCurrent(null),
    );
    return () => {
      live = false;
    };
  }, [operator]);

  if (!operator) return null;
  const value = draft.trim();
  const valid = SHARE.test(value);
  const save = async () => {
    setConfirming(false);
    setSaving(true);
    try {
      const saved = await call<Parameter>(`/parameters/${INVITE_RATE_KEY}`, {
        method: 'PUT',
        body: { value },
      });
      setCurrent(saved);
      setDraft(saved.value);
      notify('swx.invite.ruleSaved', { type: 'success' });
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setSaving(false);
    }
  };
  const asPercent = (share: string) => `${+(Number(share) * 100).toFixed(6)}%`;
  const percent = valid ? asPercent(value) : '-';
  return (
    <Card sx={{ mb: 2 }} data-testid="invite-rule">
      <CardContent>
        <Typography variant="h6">{translate('swx.invite.ruleTitle')}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('swx.invite.ruleHelp')}
        </Typography>
        {/* Wraps on a phone: the fr "ENREGISTRER" ran past the card beside the field. */}
        <Stack direction="row" spacing={2} useFlexGap flexWrap="wrap" alignItems="center">
          <MuiTextField
            size="small"
            name="inviteRate"
            label={translate('swx.invite.rate')}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            error={!valid}
            helperText={
              valid ? translate('swx.invite.ratePercent', { percent }) : translate('swx.invite.rateInvalid')
            }
          />
          <Button
            variant="contained"
            sx={{ flexShrink: 0 }}
            data-testid="save-invite-rule"
            disabled={!current || !valid || saving || value === current.value}
            onClick={() => setConfirming(true)}
          >
            {translate('ra.action.save')}
          </Button>
        </Stack>
        {/* Every reward paid from now on follows the rule: the change is named and confirmed first. */}
        <Confirm
          isOpen={confirming && !!current}
          loading={saving}
          title={
            <>
              {translate('swx.confirmSave.parameter', {
                key: INVITE_RATE_KEY,
                from: current ? `${current.value} (${asPercent(current.value)})` : '',
                to: `${value} (${percent})`,
              })}
            </>
          }
          content="swx.confirmSave.takesEffect"
          confirm="ra.action.confirm"
          onConfirm={() => void save()}
          onClose={() => setConfirming(false)}
        />
      </CardContent>
    </Card>
  );
}

const rewardFilters = [
  <TextInput key="inviterId" source="inviterId" />,
  <TextInput key="inviteeId" source="inviteeId" />,
  <TextInput key="currency" source="currency" />,
];

/** Invite rewards paid (read-only: each is a ledger transfer from the fee account), with the rule above. */
export const InviteRewardList = () => (
  <>
    <InviteRuleCard />
    <List resource="inviteRewards" filters={rewardFilters} sort={{ field: 'id', order: 'DESC' }}>
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <TextField source="id" />
        <UserField source="inviterId" />
        <UserField source="inviteeId" />
        <FunctionField
          source="reason"
          sortable={false}
          render={(r) => <ReasonLabel reason={r.reason as string} />}
        />
        <AmountField source="fee" sortable={false} currencySource="currency" />
        <FunctionField
          source="rate"
          sortable={false}
          render={(r) => `${+(Number(r.rate) * 100).toFixed(6)}%`}
        />
        <AmountField source="amount" currencySource="currency" />
        <TextField source="journalId" sortable={false} emptyText="-" />
        <DateField source="createdAt" showTime />
      </Datagrid>
    </List>
  </>
);
