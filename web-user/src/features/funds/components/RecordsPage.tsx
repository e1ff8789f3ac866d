import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../shared/ui/Field';
import { Tabs } from '../../../shared/ui/Tabs';
import { RechargeList, WithdrawalList } from './RecordLists';

/** Deposit and withdrawal records with their review states and reasons. */
export function RecordsPage() {
  const { t } = useTranslation('funds');
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'withdrawals' ? 'withdrawals' : 'recharges';
  return (
    <div className="container page" data-testid="records-page">
      <PageHeader title={t('records.title')} />
      <Tabs
        value={tab}
        options={[
          { key: 'recharges', label: t('records.recharges') },
          { key: 'withdrawals', label: t('records.withdrawals') },
        ]}
        onChange={(k) => setParams({ tab: k }, { replace: true })}
      />
      <section className="card">{tab === 'recharges' ? <RechargeList /> : <WithdrawalList />}</section>
    </div>
  );
}
