import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { inFooter, useContents, useParam, type ContentItem } from '../../features/content/api/content-api';
import { Logo } from './icons';

/** Footer: product links, then the server's content items grouped by type (1 company, 2 policy, 3 other). */
export function Footer({ mobile }: { mobile: boolean }) {
  const { t } = useTranslation();
  const contents = useContents();
  const download = useParam('down_url');
  const navigate = useNavigate();
  const location = useLocation();
  const openId = new URLSearchParams(location.search).get('id');
  const open = (item: ContentItem) => {
    if (location.pathname === '/detail' && openId === String(item.id)) return;
    void navigate(
      `/detail?id=${encodeURIComponent(String(item.id))}&title=${encodeURIComponent(item.title)}`,
    );
  };
  const group = (type: number) => (contents.data ?? []).filter((c) => inFooter(c) && Number(c.type) === type);
  const renderGroup = (title: string, type: number, extra?: React.ReactNode) => (
    <div className="footer-col" data-testid={`footer-group-${type}`}>
      <h3>{title}</h3>
      <ul>
        {extra}
        {group(type).map((item) => (
          <li key={item.id}>
            <button type="button" className="link" onClick={() => open(item)}>
              {item.title}
            </button>
          </li>
        ))}
        {contents.loading && <li className="muted">{t('states.loading')}</li>}
        {contents.error && !extra && <li className="muted">{t('footer.unavailable')}</li>}
      </ul>
    </div>
  );
  return (
    <footer className="footer">
      <div className="container footer-grid">
        <div className="footer-brand">
          <Logo />
          <p className="muted">{t('footer.tagline')}</p>
          {!mobile && download.data?.paramValue && (
            <a className="btn btn-ghost" href={download.data.paramValue} rel="noopener">
              {t('footer.android')}
            </a>
          )}
        </div>
        <div className="footer-col">
          <h3>{t('footer.products')}</h3>
          <ul>
            <li>
              <Link to="/market">{t('footer.marketList')}</Link>
            </li>
            <li>
              <Link to="/loan">{t('footer.loans')}</Link>
            </li>
            <li>
              <Link to="/nfts">{t('footer.nfts')}</Link>
            </li>
            <li>
              <Link to="/trading">{t('footer.mining')}</Link>
            </li>
          </ul>
        </div>
        {renderGroup(
          t('footer.company'),
          1,
          <>
            <li>
              <Link to="/help">{t('footer.helpCenter')}</Link>
            </li>
            <li>
              <Link to="/profile/kefu">{t('footer.support')}</Link>
            </li>
          </>,
        )}
        {renderGroup(t('footer.policy'), 2)}
        {renderGroup(t('footer.statements'), 3)}
      </div>
      <div className="container footer-bottom muted">
        {t('footer.copyright', { year: new Date().getFullYear() })}
      </div>
    </footer>
  );
}
