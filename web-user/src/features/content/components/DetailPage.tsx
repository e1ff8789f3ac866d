import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../shared/ui/Field';
import { AsyncView, Empty } from '../../../shared/ui/StateViews';
import { useContent } from '../api/content-api';

/** A text content page (/detail?id=&title=); the text is shown as plain paragraphs, never as HTML. */
export function DetailPage() {
  const { t } = useTranslation('pages');
  const [params] = useSearchParams();
  const id = params.get('id');
  const content = useContent(id);
  return (
    <div className="container page narrow">
      <PageHeader title={params.get('title') || t('detail.title')} />
      {!id ? (
        <Empty text={t('detail.missing')} />
      ) : (
        <AsyncView state={content} isEmpty={(c) => !(c.content ?? c.body)} emptyText={t('detail.empty')}>
          {(c) => (
            <article className="card prose" data-testid="detail-content">
              {String(c.content ?? c.body ?? '')
                .replace(/<[^>]+>/g, '\n')
                .split(/\n{2,}|\r?\n/)
                .filter((p) => p.trim())
                .map((p, i) => (
                  <p key={i}>{p}</p>
                ))}
            </article>
          )}
        </AsyncView>
      )}
    </div>
  );
}
