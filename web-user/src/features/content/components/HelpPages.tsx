import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../../shared/format';
import { PageHeader } from '../../../shared/ui/Field';
import { AsyncView } from '../../../shared/ui/StateViews';
import { inFaq, useContents, useNotices, type ContentItem } from '../api/content-api';

function ContentLinks({ items }: { items: ContentItem[] }) {
  return (
    <ul className="card link-list">
      {items.map((c) => (
        <li key={c.id}>
          <Link to={`/detail?id=${encodeURIComponent(String(c.id))}&title=${encodeURIComponent(c.title)}`}>
            {c.title}
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function HelpPage() {
  const { t } = useTranslation('pages');
  return (
    <div className="container page narrow">
      <PageHeader title={t('help.title')} subtitle={t('help.subtitle')} />
      <div className="grid-cards">
        <Link className="card tile" to="/help/faq">
          <h2>{t('help.faq')}</h2>
          <p className="muted">{t('help.faqText')}</p>
        </Link>
        <Link className="card tile" to="/help/notice">
          <h2>{t('help.notice')}</h2>
          <p className="muted">{t('help.noticeText')}</p>
        </Link>
        <Link className="card tile" to="/profile/kefu">
          <h2>{t('help.support')}</h2>
          <p className="muted">{t('help.supportText')}</p>
        </Link>
      </div>
    </div>
  );
}

/** FAQ: the content items of type 3 (other) of the language. */
export function FaqPage() {
  const { t } = useTranslation('pages');
  const contents = useContents();
  return (
    <div className="container page narrow">
      <PageHeader title={t('help.faq')} />
      <AsyncView state={contents} isEmpty={(l) => !l.some(inFaq)} emptyText={t('help.faqEmpty')}>
        {(list) => <ContentLinks items={list.filter(inFaq)} />}
      </AsyncView>
    </div>
  );
}

/** Notices (announcements) of the language: /help/notice, and /profile/notification logged out. */
export function NoticePage() {
  const { t } = useTranslation('pages');
  return (
    <div className="container page narrow">
      <PageHeader title={t('help.notice')} />
      <NoticeList />
    </div>
  );
}

/** The announcements of the language as cards, newest first (also a tab of /profile/notification). */
export function NoticeList() {
  const { t, i18n } = useTranslation('pages');
  const notices = useNotices();
  return (
    <AsyncView state={notices} emptyText={t('common:states.noNotices')}>
      {(list) => (
        <ul className="notice-cards" data-testid="notice-cards">
          {list.map((n) => (
            <li key={n.id} className="card">
              <div className="card-head">
                <h2>{n.title ?? t('help.notice')}</h2>
                <span className="muted">{formatDate(n.publishedAt, i18n.language)}</span>
              </div>
              <p className="pre">{n.content}</p>
            </li>
          ))}
        </ul>
      )}
    </AsyncView>
  );
}

/** Introduction: the company texts (type 1). */
export function IntroductionPage() {
  const { t } = useTranslation('pages');
  const contents = useContents();
  return (
    <div className="container page narrow">
      <PageHeader title={t('intro.title')} subtitle={t('intro.subtitle')} />
      <AsyncView
        state={contents}
        isEmpty={(l) => !l.some((c) => Number(c.type) === 1)}
        emptyText={t('detail.empty')}
      >
        {(list) => <ContentLinks items={list.filter((c) => Number(c.type) === 1)} />}
      </AsyncView>
    </div>
  );
}
