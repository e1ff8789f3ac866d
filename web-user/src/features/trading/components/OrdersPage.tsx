import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../shared/ui/Field';
import { BookBadge } from '../../../shared/ui/RealBookNotice';
import { MyOrders } from './TradePanel';

/** Order lists (/orders): U positions and options, open and history, of the selected account. */
export function OrdersPage() {
  const { t } = useTranslation('trade');
  return (
    <div className="container page" data-testid="orders-page">
      <PageHeader title={t('lists.title')} subtitle={t('lists.subtitle')} actions={<BookBadge />} />
      <MyOrders page />
    </div>
  );
}
