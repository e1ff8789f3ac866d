import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { Icon, type IconName } from './icons';

const TABS: { to: string; key: string; icon: IconName }[] = [
  { to: '/', key: 'nav.home', icon: 'home' },
  { to: '/market', key: 'nav.market', icon: 'market' },
  { to: '/trading', key: 'nav.trading', icon: 'trading' },
  { to: '/zjxq', key: 'nav.funding', icon: 'funds' },
  { to: '/profile', key: 'nav.profile', icon: 'profile' },
];

/** Mobile bottom tab bar: home, market, trading, funding details, profile. */
export function TabBar() {
  const { t } = useTranslation();
  return (
    <nav className="tabbar" aria-label={t('nav.main')} data-testid="tabbar">
      {TABS.map((tab) => (
        <NavLink key={tab.to} to={tab.to} end className="tab">
          <Icon name={tab.icon} />
          <span>{t(tab.key)}</span>
        </NavLink>
      ))}
    </nav>
  );
}
