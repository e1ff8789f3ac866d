import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../shared/ui/Field';
import { MARKET_TYPES } from '../api/market-api';
import { MarketTable } from './MarketTable';

export function MarketPage() {
  const { t } = useTranslation('market');
  const [type, setType] = useState<number>(2);
  return (
    <div className="container page">
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <div className="chips" role="tablist">
        {MARKET_TYPES.map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={type === k}
            className={type === k ? 'chip active' : 'chip'}
            onClick={() => setType(k)}
          >
            {t(`types.${k}`)}
          </button>
        ))}
      </div>
      <div className="card flush">
        <MarketTable type={type} />
      </div>
    </div>
  );
}
