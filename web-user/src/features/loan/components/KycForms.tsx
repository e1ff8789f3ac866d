import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrors } from '../../../api/http-client';
import { FormError, SelectField, TextField } from '../../../shared/ui/Field';
import { ImagePicker } from '../../../shared/ui/ImagePicker';
import { Modal, ModalActions } from '../../../shared/ui/Modal';
import { SignaturePad } from '../../../shared/ui/SignaturePad';
import { toast } from '../../../shared/ui/Toast';
import { useSubmit } from '../../../shared/useSubmit';
import { loanApi } from '../api/loan-api';
import { COUNTRIES } from './countries';

const DOCS = ['id_card', 'driver_licence', 'passport'] as const;

/** The KYC flow: personal details, the document, its photos (camera or file), a drawn signature. */
export function KycForm({ onClose, onDone }: { onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation('loan');
  const [step, setStep] = useState(1);
  const [v, setV] = useState({
    firstName: '',
    lastName: '',
    sex: 'male',
    birthdate: '',
    country: '',
    address: '',
    phone: '',
    documentType: 'id_card' as (typeof DOCS)[number],
    documentNumber: '',
  });
  const [images, setImages] = useState<Record<'front' | 'back' | 'inHand', File | null>>({
    front: null,
    back: null,
    inHand: null,
  });
  const [signature, setSignature] = useState<Blob | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submission = useSubmit();
  // A field's error goes as soon as the field changes (the others stay until Next checks again).
  const set = (k: keyof typeof v) => (value: string) => {
    setV({ ...v, [k]: value });
    if (errors[k]) setErrors(({ [k]: _gone, ...rest }) => rest);
  };
  const passport = v.documentType === 'passport';

  const checkStep1 = () => {
    const next: Record<string, string> = {};
    for (const k of ['firstName', 'lastName', 'birthdate', 'country', 'address'] as const)
      if (!v[k].trim()) next[k] = t('kyc.required');
    if (!/^\+[1-9]\d{5,14}$/.test(v.phone.trim())) next.phone = t('kyc.phoneFormat');
    if (!/^[A-Za-z0-9-]{4,40}$/.test(v.documentNumber.trim())) next.documentNumber = t('kyc.documentNumber');
    setErrors(next);
    return Object.keys(next).length === 0;
  };
  const submit = async () => {
    const next: Record<string, string> = {};
    if (!images.front) next.front = t('kyc.imageRequired');
    if (!passport && !images.back) next.back = t('kyc.imageRequired');
    if (!images.inHand) next.inHand = t('kyc.imageRequired');
    if (!signature) next.signature = t('kyc.notSigned');
    setErrors(next);
    if (Object.keys(next).length) return;
    const form = new FormData();
    for (const [k, value] of Object.entries(v)) form.append(k, value.trim());
    form.append('front', images.front!, images.front!.name);
    if (!passport) form.append('back', images.back!, images.back!.name);
    form.append('inHand', images.inHand!, images.inHand!.name);
    form.append('signature', signature!, 'signature.png');
    await submission.submit(
      async () => {
        await loanApi.submitKyc(form);
        toast(t('kyc.submitted'), 'success', 4000);
        onDone();
      },
      (err) => {
        const fields = fieldErrors(err);
        setErrors(fields);
        if (Object.keys(fields).some((f) => f in v)) setStep(1);
        return Object.keys(fields).length > 0;
      },
    );
  };
  return (
    <Modal
      title={t('kyc.title')}
      onClose={onClose}
      busy={submission.busy}
      footer={
        step === 1 ? (
          <ModalActions
            confirmLabel={t('common:actions.next')}
            testId="kyc-next"
            onConfirm={() => checkStep1() && setStep(2)}
            onCancel={onClose}
          />
        ) : (
          <ModalActions
            confirmLabel={submission.busy ? t('common:states.loading') : t('kyc.submit')}
            cancelLabel={t('common:actions.back')}
            busy={submission.busy}
            testId="kyc-submit"
            onConfirm={() => void submit()}
            onCancel={() => setStep(1)}
          />
        )
      }
    >
      <p className="muted small">{t('kyc.step', { step, total: 2 })}</p>
      {step === 1 ? (
        <div className="form" data-testid="kyc-step1">
          <div className="form-grid">
            <TextField
              label={t('kyc.firstName')}
              error={errors.firstName}
              value={v.firstName}
              onChange={set('firstName')}
              autoComplete="given-name"
            />
            <TextField
              label={t('kyc.lastName')}
              error={errors.lastName}
              value={v.lastName}
              onChange={set('lastName')}
              autoComplete="family-name"
            />
            <SelectField
              label={t('kyc.sex')}
              error={errors.sex}
              value={v.sex}
              options={['male', 'female', 'other'].map((s) => ({ value: s, label: t(`kyc.sexes.${s}`) }))}
              onChange={set('sex')}
            />
            <TextField
              label={t('kyc.birthdate')}
              error={errors.birthdate}
              type="date"
              value={v.birthdate}
              onChange={set('birthdate')}
            />
            <SelectField
              label={t('kyc.country')}
              error={errors.country}
              value={v.country}
              options={[
                { value: '', label: '—' },
                ...COUNTRIES.map((c) => ({ value: c, label: regionName(c) })),
              ]}
              testId="kyc-country"
              onChange={set('country')}
            />
            <TextField
              label={t('kyc.phone')}
              error={errors.phone}
              type="tel"
              value={v.phone}
              onChange={set('phone')}
              placeholder="+441234567890"
              dir="ltr"
            />
          </div>
          <TextField
            label={t('kyc.address')}
            error={errors.address}
            value={v.address}
            onChange={set('address')}
            autoComplete="street-address"
          />
          <div className="form-grid">
            <SelectField
              label={t('kyc.documentType')}
              error={errors.documentType}
              value={v.documentType}
              options={DOCS.map((d) => ({ value: d, label: t(`kyc.docs.${d}`) }))}
              onChange={set('documentType')}
            />
            <TextField
              label={t('kyc.documentNo')}
              error={errors.documentNumber}
              value={v.documentNumber}
              onChange={set('documentNumber')}
              dir="ltr"
            />
          </div>
        </div>
      ) : (
        <div className="form" data-testid="kyc-step2">
          <p className="muted small">{t('kyc.photoRules')}</p>
          <div className="form-grid">
            <ImagePicker
              name="front"
              label={t('kyc.front')}
              value={images.front}
              onChange={(f) => {
                setImages({ ...images, front: f });
                setErrors(({ front: _, ...rest }) => rest);
              }}
              error={errors.front}
            />
            {!passport && (
              <ImagePicker
                name="back"
                label={t('kyc.back')}
                value={images.back}
                onChange={(f) => {
                  setImages({ ...images, back: f });
                  setErrors(({ back: _, ...rest }) => rest);
                }}
                error={errors.back}
              />
            )}
            <ImagePicker
              name="inHand"
              label={t('kyc.inHand')}
              value={images.inHand}
              onChange={(f) => {
                setImages({ ...images, inHand: f });
                setErrors(({ inHand: _, ...rest }) => rest);
              }}
              error={errors.inHand}
            />
          </div>
          <SignaturePad
            label={t('kyc.signature')}
            onChange={(png) => {
              setSignature(png);
              setErrors(({ signature: _, ...rest }) => rest);
            }}
            error={errors.signature}
          />
          <FormError message={submission.error} />
        </div>
      )}
    </Modal>
  );
}

function regionName(code: string): string {
  try {
    const lang = document.documentElement.lang || 'en';
    return new Intl.DisplayNames([lang], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Advanced certification: income, source of wealth, expected investment and proof of assets. */
export function AdvancedForm({ onClose, onDone }: { onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation('loan');
  const [v, setV] = useState({ monthlyIncome: '', sourceOfWealth: 'salary', expectedInvestment: '' });
  const [proofs, setProofs] = useState<(File | null)[]>([null, null, null]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submission = useSubmit();
  const submit = async () => {
    const next: Record<string, string> = {};
    if (!/^\d{1,12}(\.\d{1,2})?$/.test(v.monthlyIncome)) next.monthlyIncome = t('kyc.amount');
    if (!/^\d{1,14}(\.\d{1,2})?$/.test(v.expectedInvestment)) next.expectedInvestment = t('kyc.amount');
    if (!proofs[0]) next.proof = t('kyc.imageRequired');
    setErrors(next);
    if (Object.keys(next).length) return;
    const form = new FormData();
    for (const [k, value] of Object.entries(v)) form.append(k, value);
    proofs.forEach((f, i) => f && form.append(i === 0 ? 'proof' : `proof${i + 1}`, f, f.name));
    await submission.submit(
      async () => {
        await loanApi.submitAdvanced(form);
        toast(t('kyc.submitted'), 'success', 4000);
        onDone();
      },
      (err) => {
        const fields = fieldErrors(err);
        setErrors(fields);
        return Object.keys(fields).length > 0;
      },
    );
  };
  return (
    <Modal
      title={t('advanced.title')}
      onClose={onClose}
      busy={submission.busy}
      footer={
        <ModalActions
          confirmLabel={t('kyc.submit')}
          busy={submission.busy}
          testId="advanced-submit"
          onConfirm={() => void submit()}
          onCancel={onClose}
        />
      }
    >
      <div className="form">
        <TextField
          label={t('advanced.monthlyIncome')}
          error={errors.monthlyIncome}
          inputMode="decimal"
          value={v.monthlyIncome}
          onChange={(value) => setV({ ...v, monthlyIncome: value })}
          dir="ltr"
        />
        <SelectField
          label={t('advanced.source')}
          error={errors.sourceOfWealth}
          value={v.sourceOfWealth}
          options={['salary', 'business', 'investments', 'inheritance', 'other'].map((s) => ({
            value: s,
            label: t(`advanced.sources.${s}`),
          }))}
          onChange={(value) => setV({ ...v, sourceOfWealth: value })}
        />
        <TextField
          label={t('advanced.expected')}
          error={errors.expectedInvestment}
          inputMode="decimal"
          value={v.expectedInvestment}
          onChange={(value) => setV({ ...v, expectedInvestment: value })}
          dir="ltr"
        />
        <div className="form-grid">
          {proofs.map((f, i) => (
            <ImagePicker
              key={i}
              name={i === 0 ? 'proof' : `proof${i + 1}`}
              label={t('advanced.proof', { n: i + 1 })}
              value={f}
              onChange={(file) => setProofs(proofs.map((p, j) => (j === i ? file : p)))}
              error={i === 0 ? errors.proof : errors[`proof${i + 1}`]}
            />
          ))}
        </div>
        <FormError message={submission.error} />
      </div>
    </Modal>
  );
}
