import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export function Field({
  label,
  error,
  children,
  trailing,
}: {
  label: string;
  error?: string | null;
  children: (id: string) => React.ReactNode;
  trailing?: React.ReactNode;
}) {
  const id = useId();
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <div className="field-control">
        {children(id)}
        {trailing}
      </div>
      <FieldError message={error} />
    </div>
  );
}

/** A field's error under it (the Field's own, or of a picker or pad that lays out its field). */
export function FieldError({ message, testId }: { message?: string | null; testId?: string }) {
  if (!message) return null;
  return (
    <div className="field-error" role="alert" data-testid={testId}>
      {message}
    </div>
  );
}

/** An input's own attributes, less those its Field and the value handling set. */
type InputAttributes = Omit<React.InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange'>;

/** A text input in its Field (label, error, `trailing` beside it); `onChange` gets the value. */
export function TextField({
  label,
  error,
  trailing,
  value,
  onChange,
  ...input
}: InputAttributes & {
  label: string;
  error?: string | null;
  trailing?: React.ReactNode;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field label={label} error={error} trailing={trailing}>
      {(id) => <input id={id} {...input} value={value} onChange={(e) => onChange(e.target.value)} />}
    </Field>
  );
}

/** A select in its Field; `onChange` gets the chosen option's value (a number stays a number). */
export function SelectField<V extends string | number>({
  label,
  error,
  value,
  options,
  testId,
  onChange,
}: {
  label: string;
  error?: string | null;
  value: V | undefined;
  options: { value: V; label: string }[];
  testId?: string;
  onChange: (value: V) => void;
}) {
  return (
    <Field label={label} error={error}>
      {(id) => (
        <select
          id={id}
          value={value}
          onChange={(e) => onChange(options[e.target.selectedIndex].value)}
          data-testid={testId}
        >
          {options.map((o, i) => (
            <option key={i} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** The error of a whole form (or dialog): the server's message, already in the user's language. */
export function FormError({ message, testId }: { message?: string | null; testId?: string }) {
  if (!message) return null;
  return (
    <div className="form-error" role="alert" data-testid={testId}>
      {message}
    </div>
  );
}

/** A password input in its Field: `current-password` is filled by the browser, `new-password` suggested. */
export function PasswordField({
  label,
  error,
  name,
  autoComplete,
  value,
  placeholder,
  onChange,
}: {
  label: string;
  error?: string | null;
  name?: string;
  autoComplete: 'current-password' | 'new-password' | 'off';
  value: string;
  placeholder?: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      label={label}
      error={error}
      name={name}
      type="password"
      autoComplete={autoComplete}
      value={value}
      placeholder={placeholder}
      onChange={onChange}
    />
  );
}

/**
 * A new password and the same again (checkPassword and checkConfirm check the pair). `hinted` (the
 * sign-up and reset pages) names the inputs password and confirm and shows what to type.
 */
export function NewPasswordFields({
  label,
  password,
  confirm,
  errors,
  hinted,
  onPassword,
  onConfirm,
}: {
  label: string;
  password: string;
  confirm: string;
  errors: { password?: string; confirm?: string };
  hinted?: boolean;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
}) {
  const { t } = useTranslation('auth');
  return (
    <>
      <PasswordField
        label={label}
        error={errors.password}
        name={hinted ? 'password' : undefined}
        autoComplete="new-password"
        value={password}
        placeholder={hinted ? t('fields.newPasswordPlaceholder') : undefined}
        onChange={onPassword}
      />
      <PasswordField
        label={t('fields.confirm')}
        error={errors.confirm}
        name={hinted ? 'confirm' : undefined}
        autoComplete="new-password"
        value={confirm}
        placeholder={hinted ? t('fields.confirmPlaceholder') : undefined}
        onChange={onConfirm}
      />
    </>
  );
}

/** The six digits of an authenticator app, in its Field: anything but digits is dropped as typed. */
export function AuthenticatorCodeField({
  label,
  error,
  value,
  placeholder,
  onChange,
}: {
  label: string;
  error?: string | null;
  value: string;
  placeholder?: string;
  onChange: (digits: string) => void;
}) {
  return (
    <TextField
      label={label}
      error={error}
      name="totpCode"
      inputMode="numeric"
      autoComplete="one-time-code"
      dir="ltr"
      maxLength={6}
      value={value}
      placeholder={placeholder}
      onChange={(v) => onChange(v.replace(/\D/g, ''))}
    />
  );
}

export function PageHeader({
  title,
  subtitle,
  actions,
}: {
  title: string;
  subtitle?: string;
  actions?: React.ReactNode;
}) {
  return (
    <div className="page-header">
      <div>
        <h1>{title}</h1>
        {subtitle && <p className="muted">{subtitle}</p>}
      </div>
      {actions && <div className="page-actions">{actions}</div>}
    </div>
  );
}
