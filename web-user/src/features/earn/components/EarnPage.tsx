import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError, fieldErrors } from '../../../api/http-client';
import { cmp, dec, isDecimal, mul, toExact, truncate } from '../../../shared/decimal';
import { formatAmount, formatDate, formatExact } from '../../../shared/format';
import { useSession } from '../../../shared/session';
import { ConfirmDetails } from '../../../shared/ui/ConfirmDetails';
import { FormError, PageHeader, SelectField, TextField } from '../../../shared/ui/Field';
import { Modal, ModalActions } from '../../../shared/ui/Modal';
import { Pager } from '../../../shared/ui/Pager';
import { RealBookNotice, StatusBadge } from '../../../shared/ui/RealBookNotice';
import { AsyncView } from '../../../shared/ui/StateViews';
import { Tabs } from '../../../shared/ui/Tabs';
import { toast } from '../../../shared/ui/Toast';
import { useApi } from '../../../shared/useApi';
import { earnApi, type ExitQuote, type Plan, type PlanKind, type PlanProduct } from '../api/earn-api';

type Tab = 'mining' | 'smart' | 'mine';
/** The server floors what a plan pays each day to this many decimals. */
const PAYOUT_DECIMALS = 8;

/**
 * /trading: staking (lock-up mining) and smart trading plans, and my plans. Both kinds lock real
 * money for days: the demo account sees the products and the message that they need the real one.
 */
export function EarnPage() {
  const { t } = useTranslation('earn');
  const [params, setParams] = useSearchParams();
  const tab = (
    ['mining', 'smart', 'mine'].includes(params.get('tab') ?? '') ? params.get('tab') : 'mining'
  ) as Tab;
  const { isLogin } = useSession();
  const [round, setRound] = useState(0);
  return (
    <div className="container page" data-testid="earn-page">
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      {isLogin && <Totals round={round} />}
      <Tabs
        value={tab}
        options={[
          { key: 'mining', label: t('tabs.mining') },
          { key: 'smart', label: t('tabs.smart') },
          ...(isLogin ? [{ key: 'mine' as const, label: t('tabs.mine') }] : []),
        ]}
        onChange={(k) => setParams({ tab: k }, { replace: true })}
        testId="earn-tabs"
      />
      {tab === 'mine' ? (
        <MyPlans round={round} onChange={() => setRound((r) => r + 1)} />
      ) : (
        <Products kind={tab} onBought={() => setRound((r) => r + 1)} />
      )}
    </div>
  );
}

function Totals({ round }: { round: number }) {
  const { t } = useTranslation('earn');
  const totals = useApi((signal) => earnApi.totals(signal), [], true, [round]);
  const usdt = totals.data?.find((r) => r.currency === 'USDT');
  if (!usdt) return null;
  return (
    <section className="card stat-row" data-testid="earn-totals">
      <div>
        <div className="muted small">{t('totals.principal')}</div>
        <strong className="big">
          <span dir="ltr">{formatAmount(usdt.principalInPlans)} USDT</span>
        </strong>
      </div>
      <div>
        <div className="muted small">{t('totals.today')}</div>
        <strong className="big up">
          <span dir="ltr">{formatAmount(usdt.incomeToday)} USDT</span>
        </strong>
      </div>
      <div>
        <div className="muted small">{t('totals.cumulative')}</div>
        <strong className="big up">
          <span dir="ltr">{formatAmount(usdt.cumulativeIncome)} USDT</span>
        </strong>
      </div>
    </section>
  );
}

function Products({ kind, onBought }: { kind: 'mining' | 'smart'; onBought: () => void }) {
  const { t } = useTranslation('earn');
  const { isLogin, demo } = useSession();
  const products = useApi((signal) => earnApi.products(kind, signal), [kind]);
  const [buying, setBuying] = useState<PlanProduct | null>(null);
  return (
    <>
      {isLogin && <RealBookNotice text={kind === 'smart' ? t('demoSmart') : t('demoMining')} />}
      <AsyncView state={products} emptyText={kind === 'smart' ? t('noSmart') : t('noMining')}>
        {(list) => (
          <div className="grid-cards">
            {list.map((p) => (
              <article key={p.id} className="card product" data-product={p.id}>
                <div className="card-head">
                  <h2>{p.name}</h2>
                  <span className="badge">{p.currency}</span>
                </div>
                <div className="product-yield up" dir="ltr">
                  {formatAmount(p.dailyYieldPercent, 4)}%
                </div>
                <div className="muted">{t('dailyYield')}</div>
                <dl className="details compact">
                  <dt>{t('range')}</dt>
                  <dd dir="ltr">
                    {formatAmount(p.minAmount)} – {formatAmount(p.maxAmount)} {p.currency}
                  </dd>
                  <dt>{t('cycle')}</dt>
                  <dd>{t('days', { days: p.cycles.join(' / '), count: Math.max(...p.cycles) })}</dd>
                </dl>
                {isLogin ? (
                  <button
                    type="button"
                    className="btn btn-primary btn-block"
                    disabled={demo}
                    onClick={() => setBuying(p)}
                    data-testid="buy-plan"
                  >
                    {kind === 'smart' ? t('buySmart') : t('subscribe')}
                  </button>
                ) : (
                  <Link className="btn btn-primary btn-block" to="/pass/login?redirect=%2Ftrading">
                    {t('common:actions.login')}
                  </Link>
                )}
              </article>
            ))}
          </div>
        )}
      </AsyncView>
      {buying && (
        <BuyPlan
          kind={kind}
          product={buying}
          onClose={() => setBuying(null)}
          onDone={() => {
            setBuying(null);
            onBought();
          }}
        />
      )}
    </>
  );
}

function BuyPlan({
  kind,
  product,
  onClose,
  onDone,
}: {
  kind: PlanKind;
  product: PlanProduct;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('earn');
  const [amount, setAmount] = useState('');
  const [days, setDays] = useState(product.cycles[0]);
  const [error, setError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState(false);
  const valid = isDecimal(amount) && cmp(dec(amount), dec('0')) > 0;
  // As the server pays: each day's income floored to 8 decimals (the remainder stays with the house).
  const daily = valid ? truncate(mul(dec(amount), dec(product.dailyYield)), PAYOUT_DECIMALS) : null;
  const total = daily ? mul(daily, dec(String(days))) : null;
  const next = () => {
    if (!valid) return setError(kind === 'smart' ? t('enterSmartAmount') : t('enterAmount'));
    if (cmp(dec(amount), dec(product.minAmount)) < 0 || cmp(dec(amount), dec(product.maxAmount)) > 0)
      return setError(
        t('outOfRange', { min: formatAmount(product.minAmount), max: formatAmount(product.maxAmount) }),
      );
    setError(null);
    setConfirm(true);
  };
  if (confirm && daily && total) {
    return (
      <ConfirmDetails
        title={kind === 'smart' ? t('confirmSmart') : t('confirmMining')}
        rows={[
          { label: t('product'), value: product.name },
          {
            label: t('amount'),
            value: `${formatExact(amount.trim())} ${product.currency}`,
            strong: true,
            testId: 'plan-amount',
          },
          { label: t('cycle'), value: t('days', { days, count: days }) },
          { label: t('dailyYield'), value: `${formatExact(product.dailyYieldPercent)}%` },
          {
            label: t('dailyIncome'),
            value: `≈ ${formatExact(toExact(daily))} ${product.currency}`,
            testId: 'plan-daily',
          },
          {
            label: t('totalIncome'),
            value: `≈ ${formatExact(toExact(total))} ${product.currency}`,
            testId: 'plan-total',
          },
        ]}
        note={kind === 'smart' ? t('smartNote') : t('miningNote')}
        onClose={onClose}
        onConfirm={async (key) => {
          try {
            await earnApi.buy(kind, { productId: product.id, amount: amount.trim(), days }, key);
            toast(t('bought'), 'success');
            onDone();
          } catch (err) {
            const fields = fieldErrors(err);
            if (fields.amount) {
              setError(fields.amount);
              setConfirm(false);
              return;
            }
            throw err;
          }
        }}
      />
    );
  }
  return (
    <Modal
      title={product.name}
      onClose={onClose}
      footer={
        <ModalActions
          confirmLabel={t('common:actions.next')}
          testId="plan-next"
          onConfirm={next}
          onCancel={onClose}
        />
      }
    >
      <div className="form">
        <TextField
          label={t('amount')}
          error={error}
          inputMode="decimal"
          value={amount}
          onChange={setAmount}
          placeholder={`${formatAmount(product.minAmount)} – ${formatAmount(product.maxAmount)}`}
          dir="ltr"
        />
        <SelectField
          label={t('cycle')}
          value={days}
          options={product.cycles.map((c) => ({ value: c, label: t('days', { days: c, count: c }) }))}
          onChange={setDays}
        />
      </div>
    </Modal>
  );
}

function MyPlans({ round, onChange }: { round: number; onChange: () => void }) {
  const { t } = useTranslation('earn');
  const [kind, setKind] = useState<PlanKind>('smart');
  const [page, setPage] = useState(1);
  const list = useApi((signal) => earnApi.mine(kind, page, signal), [kind, page], true, [round]);
  const [exit, setExit] = useState<(ExitQuote & { currency: string }) | null>(null);
  const [exitError, setExitError] = useState<string | null>(null);
  const askExit = async (plan: Plan) => {
    setExitError(null);
    try {
      const quote = await earnApi.exitQuote(plan.id);
      if (quote.status === 'completed') toast(t('completedNow'), 'success');
      else setExit({ ...quote, currency: plan.currency });
    } catch (err) {
      setExitError(err instanceof ApiError ? err.message : t('common:errors.unknown'));
    }
    // The quote pays the days already due first (and may so complete the plan): show them.
    onChange();
  };
  return (
    <section className="card">
      <Tabs
        value={kind}
        options={[
          { key: 'smart', label: t('tabs.smart') },
          { key: 'mining', label: t('tabs.mining') },
        ]}
        onChange={(k) => {
          setKind(k);
          setPage(1);
        }}
        testId="my-plans-tabs"
      />
      <FormError message={exitError} />
      <AsyncView state={list} isEmpty={(d) => d.list.length === 0} emptyText={t('noPlans')}>
        {(d) => <PlanTable plans={d.list} kind={kind} onExit={(p) => void askExit(p)} />}
      </AsyncView>
      {list.data && <Pager page={page} total={list.data.total} size={20} onPage={setPage} />}
      {exit && (
        <ConfirmDetails
          title={t('exitTitle')}
          danger
          rows={[
            {
              label: t('principal'),
              value: `${formatExact(exit.principal)} ${exit.currency}`,
              testId: 'exit-principal',
            },
            {
              label: t('penalty', { rate: formatExact(exit.penaltyPercent) }),
              value: `−${formatExact(exit.penalty)} ${exit.currency}`,
              testId: 'exit-penalty',
            },
            {
              label: t('returned'),
              value: `${formatExact(exit.returned)} ${exit.currency}`,
              strong: true,
              testId: 'exit-returned',
            },
          ]}
          note={t('exitNote')}
          onClose={() => setExit(null)}
          onConfirm={async (key) => {
            await earnApi.exit(exit.orderId, key);
            toast(t('exited'), 'success');
            setExit(null);
            onChange();
          }}
        />
      )}
    </section>
  );
}

function PlanTable({ plans, kind, onExit }: { plans: Plan[]; kind: PlanKind; onExit: (p: Plan) => void }) {
  const { t, i18n } = useTranslation('earn');
  return (
    <div className="table-scroll">
      <table className="table table-stack" data-testid={`plans-${kind}`}>
        <thead>
          <tr>
            <th>{t('product')}</th>
            <th className="num">{t('amount')}</th>
            <th>{t('cycle')}</th>
            <th className="num">{t('dailyIncome')}</th>
            <th className="num">{t('earned')}</th>
            <th className="num">{t('estimated')}</th>
            <th>{t('nextEarning')}</th>
            <th>{t('status.label')}</th>
            {kind === 'smart' && <th className="col-action" />}
          </tr>
        </thead>
        <tbody>
          {plans.map((p) => (
            <tr key={p.id} data-plan={p.id}>
              <td data-label={t('product')}>
                <strong>{p.productName}</strong>
                <div className="muted small">{formatDate(p.startedAt, i18n.language)}</div>
              </td>
              <td className="num" data-label={t('amount')}>
                <span dir="ltr">
                  {formatAmount(p.amount)} {p.currency}
                </span>
              </td>
              <td data-label={t('cycle')}>
                {p.daysPaid}/{p.cycleDays}
              </td>
              <td className="num" data-label={t('dailyIncome')}>
                {formatAmount(p.dailyIncome)}
              </td>
              <td className="num up" data-label={t('earned')} data-testid="plan-earned">
                {formatAmount(p.earned)}
              </td>
              <td className="num" data-label={t('estimated')}>
                {formatAmount(p.estimatedCurrentIncome)}
              </td>
              <td className="small" data-label={t('nextEarning')}>
                {p.nextEarningAt ? formatDate(p.nextEarningAt, i18n.language) : '—'}
              </td>
              <td data-label={t('status.label')}>
                <StatusBadge ns="earn" status={p.status} />
                {p.penalty && (
                  <div className="muted small">{t('penaltyPaid', { amount: formatAmount(p.penalty) })}</div>
                )}
              </td>
              {kind === 'smart' && (
                <td className="col-action">
                  {p.status === 'earning' && (
                    <button
                      type="button"
                      className="btn btn-ghost btn-sm"
                      onClick={() => onExit(p)}
                      data-testid="exit-plan"
                    >
                      {t('exit')}
                    </button>
                  )}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
