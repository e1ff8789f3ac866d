import { useTranslation } from 'react-i18next';
import { copyText } from '../download';
import { toast } from './Toast';

/**
 * Copies what the user must keep or send (an address, recovery codes, a key's secret) and says in a
 * toast whether it could; `marked` shows that toast as a success or an error rather than plain.
 */
export function CopyButton({
  text,
  label,
  className,
  marked,
  testId,
}: {
  text: string;
  label: string;
  className: string;
  marked?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={className}
      data-testid={testId}
      onClick={() =>
        void copyText(text).then((ok) =>
          toast(
            ok ? t('states.copied') : t('states.copyFailed'),
            marked ? (ok ? 'success' : 'error') : undefined,
          ),
        )
      }
    >
      {label}
    </button>
  );
}
