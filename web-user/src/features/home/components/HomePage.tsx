import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../shared/session';
import { useParam } from '../../content/api/content-api';
import { MarketTable } from '../../market/components/MarketTable';

const CARDS = [
  { to: '/market', key: 'market' },
  { to: '/loan', key: 'loan' },
  { to: '/trading', key: 'mining' },
] as const;

export function HomePage({ mobile }: { mobile: boolean }) {
  const { t } = useTranslation('home');
  const download = useParam('down_url');
  const { isLogin } = useSession();
  const cards = (
    <section className="grid-cards three">
      {CARDS.map((c) => (
        <article key={c.key} className="card feature">
          <h3>{t(`cards.${c.key}.title`)}</h3>
          <p className="muted">{t(`cards.${c.key}.text`)}</p>
          <Link className="btn btn-ghost" to={c.to}>
            {t('getStarted')}
          </Link>
        </article>
      ))}
    </section>
  );
  if (mobile) {
    return (
      <div className="container page home-mobile" data-testid="home">
        <section className="hero-m">
          <h1>{t('hero.title')}</h1>
          <p className="muted">{t('hero.subtitle')}</p>
          <Link className="btn btn-primary btn-block" to="/profile" data-testid="demo-button">
            {t('demo.button')}
          </Link>
        </section>
        {cards}
        <section className="card flush">
          <div className="card-head pad">
            <h2>{t('markets')}</h2>
            <Link to="/market">{t('viewAll')}</Link>
          </div>
          <MarketTable type={2} limit={8} />
        </section>
      </div>
    );
  }
  return (
    <div className="home" data-testid="home">
      <section className="hero">
        <div className="container hero-inner">
          <div className="hero-text">
            <h1>{t('hero.title')}</h1>
            <p className="lead">{t('hero.subtitle')}</p>
            <div className="row-actions">
              {/* A signed-in user has an account: the hero takes them to it, not to the registration. */}
              <Link className="btn btn-primary btn-lg" to={isLogin ? '/profile' : '/pass/register'}>
                {isLogin ? t('hero.account') : t('hero.cta')}
              </Link>
              {download.data?.paramValue ? (
                <a className="btn btn-ghost btn-lg" href={download.data.paramValue} rel="noopener">
                  {t('hero.download')}
                </a>
              ) : (
                <Link className="btn btn-ghost btn-lg" to="/market">
                  {t('hero.explore')}
                </Link>
              )}
            </div>
            <div className="blurbs">
              <div>
                <strong>{t('blurbs.app.title')}</strong>
                <p className="muted">{t('blurbs.app.text')}</p>
              </div>
              <div>
                <strong>{t('blurbs.deposit.title')}</strong>
                <p className="muted">{t('blurbs.deposit.text')}</p>
              </div>
            </div>
          </div>
          <div className="hero-side">
            <Link className="card promo" to="/help/notice">
              <span className="badge">{t('news.badge')}</span>
              <h3>{t('news.title')}</h3>
              <p className="muted">{t('news.text')}</p>
            </Link>
            <Link className="card promo promo-demo" to="/profile" data-testid="demo-card">
              <span className="badge badge-demo">{t('demo.badge')}</span>
              <h3>{t('demo.title')}</h3>
              <p className="muted">{t('demo.text')}</p>
            </Link>
          </div>
        </div>
      </section>
      <section className="container stats">
        <div>
          <strong>
            <span dir="ltr">3.8 B</span>
          </strong>
          <span className="muted">{t('stats.volume')}</span>
        </div>
        <div>
          <strong>
            <span dir="ltr">350+</span>
          </strong>
          <span className="muted">{t('stats.listed')}</span>
        </div>
        <div>
          <strong>
            <span dir="ltr">1.2 M</span>
          </strong>
          <span className="muted">{t('stats.users')}</span>
        </div>
        <div>
          <strong>
            <span dir="ltr">&lt; 0.3%</span>
          </strong>
          <span className="muted">{t('stats.fees')}</span>
        </div>
      </section>
      <div className="container">{cards}</div>
      <section className="container">
        <div className="card flush">
          <div className="card-head pad">
            <h2>{t('markets')}</h2>
            <Link to="/market">{t('viewAll')}</Link>
          </div>
          <MarketTable type={2} limit={10} />
        </div>
      </section>
    </div>
  );
}
