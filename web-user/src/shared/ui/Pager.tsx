import { useTranslation } from 'react-i18next';

export function Pager({
  page,
  total,
  size,
  onPage,
}: {
  page: number;
  total: number;
  size: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  if (total <= size) return null;
  return (
    <div className="pager">
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {t('actions.previous')}
      </button>
      <span className="muted">{t('states.page', { page, pages: Math.max(1, Math.ceil(total / size)) })}</span>
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        disabled={page * size >= total}
        onClick={() => onPage(page + 1)}
      >
        {t('actions.next')}
      </button>
    </div>
  );
}
