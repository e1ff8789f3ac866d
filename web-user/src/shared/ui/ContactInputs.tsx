import { useTranslation } from 'react-i18next';

type ContactType = 'email' | 'phone';

/** International dialling prefixes of the phone inputs. */
const AREA_CODES = [
  '1',
  '44',
  '49',
  '33',
  '39',
  '34',
  '31',
  '41',
  '43',
  '46',
  '47',
  '45',
  '351',
  '48',
  '7',
  '90',
  '971',
  '966',
  '20',
  '212',
  '234',
  '27',
  '91',
  '92',
  '880',
  '86',
  '852',
  '853',
  '886',
  '81',
  '82',
  '65',
  '60',
  '66',
  '84',
  '62',
  '63',
  '61',
  '64',
  '55',
  '52',
  '54',
  '57',
  '56',
];

/** E-mail or phone: the segmented switch above an account's contact input (sign-up, contact change). */
export function ContactTypeTabs({
  label,
  value,
  labels,
  testIdPrefix,
  onChange,
}: {
  label: string;
  value: ContactType;
  labels: Record<ContactType, string>;
  /** The buttons are `<prefix>-by-email` and `<prefix>-by-phone`. */
  testIdPrefix: string;
  onChange: (type: ContactType) => void;
}) {
  return (
    <div className="segmented" role="tablist" aria-label={label}>
      {(['email', 'phone'] as const).map((m) => (
        <button
          key={m}
          type="button"
          role="tab"
          aria-selected={value === m}
          className={value === m ? 'active' : ''}
          data-testid={`${testIdPrefix}-by-${m}`}
          onClick={() => onChange(m)}
        >
          {labels[m]}
        </button>
      ))}
    </div>
  );
}

/**
 * A phone number after its area code select, inside a Field (`id` is the number's): digits only.
 * Left to right in every language (in Arabic too a number reads "+966 5…", the code first).
 */
export function PhoneInput({
  id,
  name,
  area,
  phone,
  onArea,
  onPhone,
}: {
  id: string;
  name: string;
  area: string;
  phone: string;
  onArea: (area: string) => void;
  onPhone: (digits: string) => void;
}) {
  const { t } = useTranslation('auth');
  return (
    <div className="phone-input" dir="ltr">
      <select aria-label={t('fields.areaCode')} value={area} onChange={(e) => onArea(e.target.value)}>
        {AREA_CODES.map((c) => (
          <option key={c} value={c}>
            +{c}
          </option>
        ))}
      </select>
      <input
        id={id}
        name={name}
        inputMode="tel"
        autoComplete="tel-national"
        value={phone}
        placeholder={t('fields.phonePlaceholder')}
        onChange={(e) => onPhone(e.target.value.replace(/[^\d]/g, ''))}
      />
    </div>
  );
}
