import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { fieldErrors, http } from '../../../api/http-client';
import { cmp, dec, isDecimal } from '../../../shared/decimal';
import { formatAmount, formatDate, formatExact } from '../../../shared/format';
import { useSession } from '../../../shared/session';
import { formatDuration, useSecondsLeft } from '../../../shared/useNow';
import { ConfirmDetails } from '../../../shared/ui/ConfirmDetails';
import { Field, PageHeader } from '../../../shared/ui/Field';
import { Pager } from '../../../shared/ui/Pager';
import { RealBookNotice, StatusBadge } from '../../../shared/ui/RealBookNotice';
import { AsyncView } from '../../../shared/ui/StateViews';
import { Tabs } from '../../../shared/ui/Tabs';
import { toast } from '../../../shared/ui/Toast';
import { useApi } from '../../../shared/useApi';

interface Nft {
  id: string;
  name: string;
  description: string | null;
  image: string;
  contractAddress: string;
  tokenId: string;
  creator: string;
  chain: string;
  currency: string;
  price: string | null;
  startBid: string;
  currentBid: string | null;
  bidCount: number;
  endTime: string;
  remainingSeconds: number;
  status: string;
  canBuy: boolean;
  canBid: boolean;
  donated: string;
  charity: { id: number; name: string; donated: string } | null;
  owned?: boolean;
  soldPrice?: string | null;
  soldAt?: string | null;
  myBid?: string | null;
}
interface Page {
  list: Nft[];
  total: number;
}
type Tab = 'live' | 'sold' | 'owned' | 'bids';

/** Charity NFTs (/nfts): the catalogue counting down to each end, buy and bid, and mine. */
export function NftPage() {
  const { t, i18n } = useTranslation('nft');
  const { isLogin } = useSession();
  const [params, setParams] = useSearchParams();
  const tab = (
    ['live', 'sold', 'owned', 'bids'].includes(params.get('tab') ?? '') ? params.get('tab') : 'live'
  ) as Tab;
  const [page, setPage] = useState(1);
  const [round, setRound] = useState(0);
  const mine = tab === 'owned' || tab === 'bids';
  const list = useApi(
    (signal) =>
      mine
        ? http.get<Page>('user/listNft', { type: tab, pageNum: page, pageSize: 12 }, signal)
        : http.get<Page>(
            'index/listNft',
            { status: tab, pageNum: page, pageSize: 12, sort: tab === 'live' ? 'endingSoon' : 'newest' },
            signal,
          ),
    [tab, page],
    true,
    [round],
  );
  const secondsLeft = useSecondsLeft(list.data);
  const [action, setAction] = useState<{ nft: Nft; type: 'buy' | 'bid' } | null>(null);
  return (
    <div className="container page" data-testid="nft-page">
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Tabs
        value={tab}
        options={[
          { key: 'live', label: t('tabs.live') },
          { key: 'sold', label: t('tabs.sold') },
          ...(isLogin
            ? [
                { key: 'owned' as const, label: t('tabs.owned') },
                { key: 'bids' as const, label: t('tabs.bids') },
              ]
            : []),
        ]}
        onChange={(k) => {
          setParams({ tab: k }, { replace: true });
          setPage(1);
        }}
      />
      {isLogin && <RealBookNotice text={t('realOnly')} />}
      <AsyncView
        state={list}
        isEmpty={(d) => d.list.length === 0}
        emptyText={mine ? t('noMine') : t('empty')}
      >
        {(d) => (
          <>
            <div className="grid-cards">
              {d.list.map((n) => {
                const left = secondsLeft(n.remainingSeconds);
                return (
                  <article key={n.id} className="card product nft" data-nft={n.id}>
                    <img className="nft-img" src={n.image} alt={n.name} loading="lazy" />
                    <div className="card-head">
                      <h2>{n.name}</h2>
                      <StatusBadge ns="nft" status={n.owned ? 'owned' : n.status} />
                    </div>
                    <dl className="details compact">
                      <dt>{t('creator')}</dt>
                      <dd>{n.creator}</dd>
                      <dt>{t('chain')}</dt>
                      <dd>{n.chain}</dd>
                      <dt>{t('address')}</dt>
                      <dd>
                        <code className="ellipsis" dir="ltr" title={n.contractAddress}>
                          {n.contractAddress}
                        </code>
                      </dd>
                      {n.price && (
                        <>
                          <dt>{t('price')}</dt>
                          <dd dir="ltr">
                            {formatAmount(n.price)} {n.currency}
                          </dd>
                        </>
                      )}
                      <dt>{t('currentBid')}</dt>
                      <dd dir="ltr">
                        {n.currentBid
                          ? `${formatAmount(n.currentBid)} ${n.currency}`
                          : t('noBids', { start: formatAmount(n.startBid) })}
                      </dd>
                      {n.myBid && (
                        <>
                          <dt>{t('myBid')}</dt>
                          <dd>{formatAmount(n.myBid)}</dd>
                        </>
                      )}
                      <dt>{t('remaining')}</dt>
                      <dd data-testid="nft-remaining" dir="ltr">
                        {n.status === 'live'
                          ? formatDuration(left, (x) => t('days', { count: x }))
                          : t('ended')}
                      </dd>
                      <dt>{t('donated')}</dt>
                      <dd data-testid="nft-donated">
                        <span dir="ltr">
                          {formatAmount(n.donated)} {n.currency}
                        </span>
                        {n.charity && <div className="muted small">{n.charity.name}</div>}
                      </dd>
                      {n.owned && n.soldPrice && (
                        <>
                          <dt>{t('paid')}</dt>
                          <dd>
                            {formatAmount(n.soldPrice)} · {formatDate(n.soldAt ?? null, i18n.language)}
                          </dd>
                        </>
                      )}
                    </dl>
                    {isLogin && !mine && n.status === 'live' ? (
                      <div className="row-actions">
                        {n.canBuy && (
                          <button
                            type="button"
                            className="btn btn-primary"
                            onClick={() => setAction({ nft: n, type: 'buy' })}
                            data-testid="nft-buy"
                          >
                            {t('buy')}
                          </button>
                        )}
                        {n.canBid && (
                          <button
                            type="button"
                            className="btn btn-ghost"
                            onClick={() => setAction({ nft: n, type: 'bid' })}
                            data-testid="nft-bid"
                          >
                            {t('bid')}
                          </button>
                        )}
                      </div>
                    ) : !isLogin && n.status === 'live' ? (
                      <Link className="btn btn-primary btn-block" to="/pass/login?redirect=%2Fnfts">
                        {t('common:actions.login')}
                      </Link>
                    ) : null}
                  </article>
                );
              })}
            </div>
            <Pager page={page} total={d.total} size={12} onPage={setPage} />
          </>
        )}
      </AsyncView>
      {action && (
        <NftAction
          {...action}
          onClose={() => setAction(null)}
          onDone={() => {
            setAction(null);
            setRound((r) => r + 1);
          }}
        />
      )}
    </div>
  );
}

function NftAction({
  nft,
  type,
  onClose,
  onDone,
}: {
  nft: Nft;
  type: 'buy' | 'bid';
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('nft');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const min = nft.currentBid ?? nft.startBid;
  return (
    <ConfirmDetails
      title={type === 'buy' ? t('buyTitle') : t('bidTitle')}
      rows={[
        { label: t('name'), value: nft.name },
        ...(type === 'buy'
          ? [{ label: t('price'), value: `${formatExact(nft.price)} ${nft.currency}`, strong: true }]
          : [
              {
                label: nft.currentBid ? t('currentBid') : t('startBid'),
                value: `${formatExact(min)} ${nft.currency}`,
              },
            ]),
        { label: t('charity'), value: nft.charity?.name ?? '—' },
      ]}
      note={type === 'buy' ? t('buyNote') : t('bidNote')}
      onClose={onClose}
      onConfirm={async (key) => {
        setError(null);
        if (type === 'bid') {
          // Above the current bid, or at least the starting bid when nobody has bid yet (the server's rule).
          const tooLow = !isDecimal(amount) || cmp(dec(amount), dec(min)) < (nft.currentBid ? 1 : 0);
          if (tooLow) {
            setError(t(nft.currentBid ? 'bidTooLow' : 'bidBelowStart', { min: formatExact(min) }));
            return;
          }
        }
        try {
          await http.send<unknown>(
            'user/buyNft',
            {
              nftId: nft.id,
              type,
              ...(type === 'bid' ? { amount: amount.trim() } : {}),
            },
            key,
          );
          toast(type === 'bid' ? t('bidPlaced') : t('done'), 'success');
          onDone();
        } catch (err) {
          const fields = fieldErrors(err);
          if (fields.amount) {
            setError(fields.amount);
            return;
          }
          throw err;
        }
      }}
    >
      {type === 'bid' && (
        <Field label={t('yourBid', { currency: nft.currency })} error={error}>
          {(id) => (
            <input
              id={id}
              inputMode="decimal"
              value={amount}
              onChange={(e) => {
                setAmount(e.target.value);
                setError(null);
              }}
              dir="ltr"
              data-testid="bid-amount"
            />
          )}
        </Field>
      )}
    </ConfirmDetails>
  );
}
