import { useTranslation } from 'react-i18next';
import { copyText } from '../download';
import { toast } from './Toast';

/**
 * Copies what the user must keep or send (an address, recovery codes, a key's secret) and says in a
 * toast whether it could: a success ("Copied") or an error ("Copy failed"), the same on every page.
 */
export function CopyButton({
  text,
  label,
  className,
  testId,
}: {
  text: string;
  label: string;
  className: string;
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
          toast(ok ? t('states.copied') : t('states.copyFailed'), ok ? 'success' : 'error'),
        )
      }
    >
      {label}
    </button>
  );
}
