import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError, fieldErrors } from '../../../api/http-client';
import { add, dec, isDecimal, toExact } from '../../../shared/decimal';
import { saveBlob } from '../../../shared/download';
import { formatAmount, formatDate, formatExact } from '../../../shared/format';
import { useSession } from '../../../shared/session';
import { ConfirmDetails } from '../../../shared/ui/ConfirmDetails';
import { FormError, PageHeader, SelectField, TextField } from '../../../shared/ui/Field';
import { RealBookNotice, StatusBadge } from '../../../shared/ui/RealBookNotice';
import { AsyncView, Loading } from '../../../shared/ui/StateViews';
import { toast } from '../../../shared/ui/Toast';
import { useApi } from '../../../shared/useApi';
import { loanApi, type KycStatus, type Loan, type LoanOffer, type LoanProduct } from '../api/loan-api';
import { AdvancedForm, KycForm } from './KycForms';

/** Loans and KYC (/loan): verification state and flow, the loan offer and signing, records and repayment. */
export function LoanPage() {
  const { t } = useTranslation('loan');
  const { isLogin } = useSession();
  const products = useApi((signal) => loanApi.products(signal), []);
  return (
    <div className="container page" data-testid="loan-page">
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <ul className="rules card">
        <li>{t('ruleKyc')}</li>
        <li>{t('ruleCap')}</li>
        <li>{t('ruleWithdraw')}</li>
        {products.data?.[0] && (
          <li>
            {t('ruleFree', {
              num: products.data[0].interestFreeDays,
              count: products.data[0].interestFreeDays,
            })}
          </li>
        )}
      </ul>
      {isLogin ? (
        <LoggedIn products={products} />
      ) : (
        <section className="card">
          <ProductTable products={products} />
          <Link className="btn btn-primary" to="/pass/login?redirect=%2Floan">
            {t('common:actions.login')}
          </Link>
        </section>
      )}
    </div>
  );
}

function ProductTable({ products }: { products: ReturnType<typeof useApi<LoanProduct[]>> }) {
  const { t } = useTranslation('loan');
  return (
    <AsyncView state={products} emptyText={t('noProducts')}>
      {(list) => (
        <div className="table-scroll">
          <table className="table table-stack">
            <thead>
              <tr>
                <th>{t('term')}</th>
                <th className="num">{t('dailyRate')}</th>
                <th className="num">{t('range')}</th>
                <th className="num">{t('freeDays')}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((p) => (
                <tr key={p.id}>
                  <td data-label={t('term')}>{t('days', { count: p.termDays })}</td>
                  <td className="num" data-label={t('dailyRate')}>
                    {formatAmount(p.dailyRatePercent, 4)}%
                  </td>
                  <td className="num" dir="ltr" data-label={t('range')}>
                    {formatAmount(p.minAmount)} – {formatAmount(p.maxAmount)} USDT
                  </td>
                  <td className="num" data-label={t('freeDays')}>
                    {p.interestFreeDays}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </AsyncView>
  );
}

function LoggedIn({ products }: { products: ReturnType<typeof useApi<LoanProduct[]>> }) {
  const { t } = useTranslation('loan');
  const [round, setRound] = useState(0);
  const kyc = useApi((signal) => loanApi.kyc(signal), [], true, [round]);
  const verified = kyc.data?.status === 'verified';
  const advanced = useApi((signal) => loanApi.advanced(signal), [], verified, [round]);
  const [form, setForm] = useState<'kyc' | 'advanced' | null>(null);
  const done = () => {
    setForm(null);
    setRound((r) => r + 1);
  };
  return (
    <>
      <div className="two-col">
        <section className="card" data-testid="kyc-card">
          <h2>{t('kyc.cardTitle')}</h2>
          {kyc.loading && !kyc.data ? (
            <Loading />
          ) : (
            <KycState
              status={kyc.data}
              error={kyc.error}
              onStart={() => setForm('kyc')}
              labels={{ start: t('kyc.start'), resubmit: t('kyc.resubmit') }}
            />
          )}
        </section>
        <section className="card" data-testid="advanced-card">
          <h2>{t('advanced.title')}</h2>
          {!verified ? (
            <p className="muted">{t('advanced.afterKyc')}</p>
          ) : (
            <KycState
              status={advanced.data}
              error={advanced.error}
              onStart={() => setForm('advanced')}
              labels={{ start: t('advanced.start'), resubmit: t('kyc.resubmit') }}
              extra={t('advanced.benefit')}
            />
          )}
        </section>
      </div>
      <RealBookNotice text={t('realOnly')} />
      <LoanForm products={products} verified={verified} onDone={() => setRound((r) => r + 1)} />
      <Records round={round} onChange={() => setRound((r) => r + 1)} />
      {form === 'kyc' && <KycForm onClose={() => setForm(null)} onDone={done} />}
      {form === 'advanced' && <AdvancedForm onClose={() => setForm(null)} onDone={done} />}
    </>
  );
}

function KycState({
  status,
  error,
  onStart,
  labels,
  extra,
}: {
  status?: KycStatus;
  error: ApiError | null;
  onStart: () => void;
  labels: { start: string; resubmit: string };
  /** What the certification brings: said instead of the identity text while not certified. */
  extra?: string;
}) {
  const { t, i18n } = useTranslation('loan');
  if (error) return <FormError message={error.message} />;
  const s = status?.status ?? 'unverified';
  return (
    <div className="kyc-state" data-kyc={s}>
      <StatusBadge ns="loan" status={s} />
      {/* Not yet certified, the advanced card says what the certification brings (it said "Verify
          your identity to take a loan" beside the identity card's "Your identity is verified"). */}
      <p className="muted">
        {extra && s === 'unverified' ? extra : t(`kyc.text.${s}`, { defaultValue: '' })}
      </p>
      {s === 'failed' && status?.reason && <FormError message={t('kyc.reason', { reason: status.reason })} />}
      {status?.submittedAt && (
        <p className="muted small">
          {t('kyc.submittedAt', { at: formatDate(status.submittedAt, i18n.language) })}
        </p>
      )}
      {(s === 'unverified' || s === 'failed') && (
        <button type="button" className="btn btn-primary" onClick={onStart} data-testid="kyc-start">
          {s === 'failed' ? labels.resubmit : labels.start}
        </button>
      )}
    </div>
  );
}

function LoanForm({
  products,
  verified,
  onDone,
}: {
  products: ReturnType<typeof useApi<LoanProduct[]>>;
  verified: boolean;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation('loan');
  const { demo } = useSession();
  const [termDays, setTermDays] = useState<number | null>(null);
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [offer, setOffer] = useState<LoanOffer | null>(null);
  const [agreed, setAgreed] = useState(false);
  const list = products.data ?? [];
  // None while the products are loading or when there are none (the form is not shown then).
  const term: number | undefined = termDays ?? list.at(0)?.termDays;
  const ask = async () => {
    setError(null);
    if (!isDecimal(amount) || !/[1-9]/.test(amount)) return setError(t('enterAmount'));
    if (!verified) return setError(t('kycFirst'));
    if (term === undefined) return;
    try {
      setOffer(await loanApi.quote(amount.trim(), term));
      setAgreed(false);
    } catch (err) {
      const fields = fieldErrors(err);
      setError(fields.amount ?? (err instanceof ApiError ? err.message : t('common:errors.unknown')));
    }
  };
  return (
    <section className="card" data-testid="loan-form">
      <h2>{t('apply')}</h2>
      <AsyncView state={products} emptyText={t('noProducts')}>
        {() => (
          <form
            className="form"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void ask();
            }}
          >
            <div className="form-grid">
              <SelectField
                label={t('term')}
                value={term}
                options={list.map((p) => ({
                  value: p.termDays,
                  label: `${t('days', { count: p.termDays })} · ${formatAmount(p.dailyRatePercent, 4)}% / ${t('day')}`,
                }))}
                onChange={setTermDays}
              />
              <TextField
                label={t('amount')}
                error={error}
                inputMode="decimal"
                value={amount}
                onChange={setAmount}
                dir="ltr"
              />
            </div>
            <button type="submit" className="btn btn-primary" disabled={demo} data-testid="loan-offer">
              {t('getOffer')}
            </button>
          </form>
        )}
      </AsyncView>
      {offer && (
        <ConfirmDetails
          title={t('offer.title')}
          confirmLabel={t('offer.sign')}
          rows={[
            {
              label: t('amount'),
              value: `${formatExact(offer.amount)} ${offer.currency}`,
              strong: true,
              testId: 'offer-amount',
            },
            { label: t('offer.cap'), value: `${formatExact(offer.cap)} ${offer.currency}` },
            { label: t('term'), value: t('days', { count: offer.dueDays }) },
            { label: t('dailyRate'), value: `${formatExact(offer.dailyRatePercent)}%` },
            { label: t('freeDays'), value: String(offer.interestFreeDays) },
            {
              label: t('offer.interest'),
              value: `${formatExact(offer.totalInterest)} ${offer.currency}`,
              testId: 'offer-interest',
            },
            {
              label: t('offer.due'),
              value: `${formatExact(offer.totalDue)} ${offer.currency}`,
              testId: 'offer-due',
            },
            { label: t('offer.date'), value: formatDate(offer.repaymentDate, i18n.language) },
          ]}
          onClose={() => setOffer(null)}
          onConfirm={async (key) => {
            if (!agreed) throw new ApiError(400, t('offer.notSigned'));
            await loanApi.apply(offer.amount, offer.termDays, key);
            toast(t('offer.granted'), 'success');
            setOffer(null);
            setAmount('');
            onDone();
          }}
        >
          <label className="check">
            <input
              type="checkbox"
              checked={agreed}
              onChange={(e) => setAgreed(e.target.checked)}
              data-testid="loan-agree"
            />
            {t('offer.agree')}
          </label>
        </ConfirmDetails>
      )}
    </section>
  );
}

function Records({ round, onChange }: { round: number; onChange: () => void }) {
  const { t, i18n } = useTranslation('loan');
  const records = useApi((signal) => loanApi.records(signal), [], true, [round]);
  const [repaying, setRepaying] = useState<Loan | null>(null);
  const download = async (id: string) => {
    try {
      saveBlob(await loanApi.agreement(id), `loan-agreement-${id}.pdf`);
    } catch {
      toast(t('agreementFailed'), 'error');
    }
  };
  return (
    <section className="card">
      <h2>{t('records')}</h2>
      <AsyncView state={records} emptyText={t('noLoans')}>
        {(list) => (
          <div className="table-scroll">
            <table className="table table-stack" data-testid="loan-records">
              <thead>
                <tr>
                  <th>{t('offer.start')}</th>
                  <th className="num">{t('amount')}</th>
                  <th>{t('term')}</th>
                  <th className="num">{t('offer.interest')}</th>
                  <th>{t('offer.date')}</th>
                  <th>{t('statusLabel')}</th>
                  <th className="col-action" />
                </tr>
              </thead>
              <tbody>
                {list.map((l) => (
                  <tr key={l.id} data-loan={l.id}>
                    <td className="small" data-label={t('offer.start')}>
                      {formatDate(l.createdAt, i18n.language)}
                    </td>
                    <td className="num" data-label={t('amount')}>
                      <span dir="ltr">
                        {formatAmount(l.amount)} {l.currency}
                      </span>
                    </td>
                    <td data-label={t('term')}>{t('days', { count: l.termDays })}</td>
                    <td className="num" data-label={t('offer.interest')}>
                      {formatAmount(l.accruedInterest ?? l.totalInterest)}
                    </td>
                    <td className="small" data-label={t('offer.date')}>
                      {formatDate(l.repaidAt ?? l.repaymentDate, i18n.language)}
                    </td>
                    <td data-label={t('statusLabel')}>
                      <StatusBadge ns="loan" status={l.status} />
                    </td>
                    <td className="row-actions tight col-action">
                      {l.status !== 'repaid' && (
                        <button
                          type="button"
                          className="btn btn-primary btn-sm"
                          onClick={() => setRepaying(l)}
                          data-testid="repay"
                        >
                          {t('repay')}
                        </button>
                      )}
                      <button
                        type="button"
                        className="btn btn-ghost btn-sm"
                        onClick={() => void download(l.id)}
                        data-testid="agreement"
                      >
                        {t('agreement')}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </AsyncView>
      {repaying && (
        <ConfirmDetails
          title={t('repayTitle')}
          rows={[
            { label: t('amount'), value: `${formatExact(repaying.amount)} ${repaying.currency}` },
            {
              label: t('accrued'),
              value: `${formatExact(repaying.accruedInterest ?? '0')} ${repaying.currency}`,
            },
            {
              label: t('repayTotal'),
              value: `${formatExact(toExact(add(dec(repaying.amount), dec(repaying.accruedInterest ?? '0'))))} ${repaying.currency}`,
              strong: true,
            },
          ]}
          note={t('repayNote')}
          onClose={() => setRepaying(null)}
          onConfirm={async (key) => {
            await loanApi.repay(repaying.id, key);
            toast(t('repaid'), 'success');
            setRepaying(null);
            onChange();
          }}
        />
      )}
    </section>
  );
}
