import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from '../shared/ui/StateViews';

/** A screen's code that has not arrived after this long is taken as lost (issue 11). */
export const CHUNK_TIMEOUT_MS = 120_000;

/** The fallback of a lazy screen: the spinner, then after 120 s an error with a reload. */
export function ChunkLoading() {
  const { t } = useTranslation('auth');
  const [late, setLate] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setLate(true), CHUNK_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, []);
  if (!late) return <Loading />;
  return (
    <div className="state state-error" role="alert" data-testid="chunk-timeout">
      <strong>{t('chunk.title')}</strong>
      <span className="muted">{t('chunk.text')}</span>
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        {t('chunk.reload')}
      </button>
    </div>
  );
}
