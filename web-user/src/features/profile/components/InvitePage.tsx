import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../shared/ui/Field';
import { AsyncView } from '../../../shared/ui/StateViews';
import { toast } from '../../../shared/ui/Toast';
import { useUserInfo } from '../api/profile-api';

/** Invite friends: the user's code and a registration link that pre-fills it. */
export function InvitePage() {
  const { t } = useTranslation('profile');
  const info = useUserInfo();
  const copy = (text: string) =>
    navigator.clipboard.writeText(text).then(
      () => toast(t('common:states.copied'), 'success'),
      () => toast(t('common:states.copyFailed'), 'error'),
    );
  return (
    <div className="container page narrow">
      <PageHeader title={t('invite.title')} subtitle={t('invite.subtitle')} />
      <AsyncView state={info} isEmpty={(u) => !u.inviteCode} emptyText={t('invite.none')}>
        {(user) => {
          const link = `${window.location.origin}/pass/register?inviteCode=${encodeURIComponent(user.inviteCode ?? '')}`;
          return (
            <div className="card">
              <dl className="details">
                <dt>{t('invite.code')}</dt>
                <dd>
                  <strong>{user.inviteCode}</strong>
                </dd>
                <dt>{t('invite.link')}</dt>
                <dd className="break">{link}</dd>
              </dl>
              <div className="row-actions">
                <button
                  type="button"
                  className="btn btn-ghost"
                  onClick={() => void copy(user.inviteCode ?? '')}
                >
                  {t('invite.copyCode')}
                </button>
                <button type="button" className="btn btn-primary" onClick={() => void copy(link)}>
                  {t('invite.copyLink')}
                </button>
              </div>
            </div>
          );
        }}
      </AsyncView>
    </div>
  );
}
