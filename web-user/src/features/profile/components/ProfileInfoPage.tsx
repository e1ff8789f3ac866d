import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/format';
import { PageHeader } from '../../../shared/ui/Field';
import { AsyncView } from '../../../shared/ui/StateViews';
import { useUserInfo } from '../api/profile-api';

export function ProfileInfoPage() {
  const { t, i18n } = useTranslation('profile');
  const info = useUserInfo();
  return (
    <div className="container page narrow">
      <PageHeader title={t('info.title')} />
      <AsyncView state={info}>
        {(user) => (
          <dl className="card details" data-testid="profile-info">
            <dt>{t('info.username')}</dt>
            <dd>{user.username}</dd>
            <dt>{t('info.email')}</dt>
            <dd>{user.email || t('info.notSet')}</dd>
            <dt>{t('info.phone')}</dt>
            <dd>{user.phone || t('info.notSet')}</dd>
            <dt>{t('info.level')}</dt>
            <dd>{user.level ?? '—'}</dd>
            <dt>{t('info.inviteCode')}</dt>
            <dd>{user.inviteCode || '—'}</dd>
            <dt>{t('info.withdrawPassword')}</dt>
            <dd>{user.hasWithdrawPassword ? t('info.set') : t('info.notSet')}</dd>
            <dt>{t('info.createdAt')}</dt>
            <dd>{formatDate(user.createdAt, i18n.language)}</dd>
          </dl>
        )}
      </AsyncView>
    </div>
  );
}
