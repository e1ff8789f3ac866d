import { useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { SHOWBOARD_KEY } from '../../shared/session';
import { Toaster } from '../../shared/ui/Toast';
import { chromeFor } from '../routeMeta';
import { DesktopTopBar } from './DesktopTopBar';
import { Footer } from './Footer';
import { MobileTopBar } from './MobileTopBar';
import { Onboarding } from './Onboarding';
import { TabBar } from './TabBar';

export function Shell({ mobile }: { mobile: boolean }) {
  const { pathname } = useLocation();
  const chrome = chromeFor(pathname, mobile);
  const [board, setBoard] = useState(() => mobile && !sessionStorage.getItem(SHOWBOARD_KEY));
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <div className={`app ${mobile ? 'is-mobile' : 'is-desktop'}${chrome.tabBar ? ' has-tabbar' : ''}`}>
      {chrome.nav && (mobile ? <MobileTopBar back={chrome.back} /> : <DesktopTopBar />)}
      <main className="main">
        <Outlet />
      </main>
      {chrome.footer && <Footer mobile={mobile} />}
      {chrome.tabBar && <TabBar />}
      {board && <Onboarding onDone={() => setBoard(false)} />}
      <Toaster />
    </div>
  );
}
