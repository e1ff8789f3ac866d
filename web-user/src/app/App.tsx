import { lazy, Suspense, useEffect, useMemo } from 'react';
import { createBrowserRouter, Navigate, useLocation } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { http, setUnauthorizedHandler } from '../api/http-client';
import { LoginPage } from '../features/auth/components/LoginPage';
import { RegisterPage } from '../features/auth/components/RegisterPage';
import { ResetPage } from '../features/auth/components/ResetPage';
import { GoogleCallbackPage } from '../features/auth/components/GoogleCallbackPage';
import { DetailPage } from '../features/content/components/DetailPage';
import { HelpPage, FaqPage, NoticePage, IntroductionPage } from '../features/content/components/HelpPages';
import { HomePage } from '../features/home/components/HomePage';
import { NotificationsPage } from '../features/notifications/components/NotificationsPage';
import { MarketPage } from '../features/market/components/MarketPage';
import { CurrencyPage } from '../features/market/components/CurrencyPage';
import { ProfilePage } from '../features/profile/components/ProfilePage';
import { ProfileInfoPage } from '../features/profile/components/ProfileInfoPage';
import { InvitePage } from '../features/profile/components/InvitePage';
import { SupportPage } from '../features/profile/components/SupportPage';
import { BalancesPage } from '../features/funds/components/BalancesPage';
import { FundingDetailsPage } from '../features/funds/components/FundingDetailsPage';
import { session, useSession, type UserInfo } from '../shared/session';
import { applyRootFontSize, isMobileDevice } from '../shared/device';
import { ChunkLoading } from './ChunkLoading';
import { Shell } from './layout/Shell';

/** The money screens load on first use (their own chunks), so the landing pages stay light. */
const DepositPage = lazy(() =>
  import('../features/funds/components/DepositPage').then((m) => ({ default: m.DepositPage })),
);
const ExchangePage = lazy(() =>
  import('../features/funds/components/ExchangePage').then((m) => ({ default: m.ExchangePage })),
);
const RecordsPage = lazy(() =>
  import('../features/funds/components/RecordsPage').then((m) => ({ default: m.RecordsPage })),
);
const AddressBookPage = lazy(() =>
  import('../features/funds/components/AddressBookPage').then((m) => ({ default: m.AddressBookPage })),
);
const WithdrawPage = lazy(() =>
  import('../features/funds/components/WithdrawPage').then((m) => ({ default: m.WithdrawPage })),
);
const EarnPage = lazy(() =>
  import('../features/earn/components/EarnPage').then((m) => ({ default: m.EarnPage })),
);
const OrdersPage = lazy(() =>
  import('../features/trading/components/OrdersPage').then((m) => ({ default: m.OrdersPage })),
);
const LoanPage = lazy(() =>
  import('../features/loan/components/LoanPage').then((m) => ({ default: m.LoanPage })),
);
const NftPage = lazy(() =>
  import('../features/nfts/components/NftPage').then((m) => ({ default: m.NftPage })),
);
const SpotPage = lazy(() =>
  import('../features/spot/components/SpotPage').then((m) => ({ default: m.SpotPage })),
);
const ContactChangePage = lazy(() =>
  import('../features/profile/components/ContactChangePage').then((m) => ({ default: m.ContactChangePage })),
);
const SecurityPage = lazy(() =>
  import('../features/security/components/SecurityPage').then((m) => ({ default: m.SecurityPage })),
);

/** Routes that need a session send a visitor to /pass/login. */
function RequireLogin({ children }: { children: React.ReactNode }) {
  const { isLogin } = useSession();
  const location = useLocation();
  if (!isLogin)
    return (
      <Navigate
        to={`/pass/login?redirect=${encodeURIComponent(location.pathname + location.search)}`}
        replace
      />
    );
  return <>{children}</>;
}
const auth = (node: React.ReactNode) => <RequireLogin>{node}</RequireLogin>;

function buildRouter(mobile: boolean) {
  return createBrowserRouter([
    {
      element: <Shell mobile={mobile} />,
      children: [
        { path: '/', element: <HomePage mobile={mobile} /> },
        { path: '/market', element: <MarketPage /> },
        {
          path: '/trading',
          element: (
            <Suspense fallback={<ChunkLoading />}>
              <EarnPage />
            </Suspense>
          ),
        },
        {
          // Coin-to-coin (spot) trading; the market data is public, order entry needs a session.
          path: '/trade/spot',
          element: (
            <Suspense fallback={<ChunkLoading />}>
              <SpotPage />
            </Suspense>
          ),
        },
        {
          path: '/orders',
          element: auth(
            <Suspense fallback={<ChunkLoading />}>
              <OrdersPage />
            </Suspense>,
          ),
        },
        {
          path: '/loan',
          element: (
            <Suspense fallback={<ChunkLoading />}>
              <LoanPage />
            </Suspense>
          ),
        },
        { path: '/zjxq', element: auth(<FundingDetailsPage />) },
        {
          path: '/nfts',
          element: (
            <Suspense fallback={<ChunkLoading />}>
              <NftPage />
            </Suspense>
          ),
        },
        { path: '/cruuency', element: <CurrencyPage /> },
        { path: '/profile', element: auth(<ProfilePage />) },
        { path: '/profile/balance', element: auth(<BalancesPage view="balance" />) },
        { path: '/profile/balance2', element: auth(<BalancesPage view="balance2" />) },
        { path: '/profile/balancebb', element: auth(<BalancesPage view="balancebb" />) },
        {
          path: '/profile/exchange',
          element: auth(
            <Suspense fallback={<ChunkLoading />}>
              <ExchangePage />
            </Suspense>,
          ),
        },
        {
          path: '/profile/deposit',
          element: auth(
            <Suspense fallback={<ChunkLoading />}>
              <DepositPage />
            </Suspense>,
          ),
        },
        {
          path: '/profile/withdraw',
          element: auth(
            <Suspense fallback={<ChunkLoading />}>
              <WithdrawPage />
            </Suspense>,
          ),
        },
        {
          path: '/profile/address-book',
          element: auth(
            <Suspense fallback={<ChunkLoading />}>
              <AddressBookPage />
            </Suspense>,
          ),
        },
        {
          path: '/profile/records',
          element: auth(
            <Suspense fallback={<ChunkLoading />}>
              <RecordsPage />
            </Suspense>,
          ),
        },
        {
          path: '/profile/security',
          element: auth(
            <Suspense fallback={<ChunkLoading />}>
              <SecurityPage />
            </Suspense>,
          ),
        },
        {
          path: '/profile/contact',
          element: auth(
            <Suspense fallback={<ChunkLoading />}>
              <ContactChangePage />
            </Suspense>,
          ),
        },
        { path: '/profile/info', element: auth(<ProfileInfoPage />) },
        { path: '/profile/kefu', element: <SupportPage /> },
        { path: '/profile/invite', element: auth(<InvitePage />) },
        { path: '/profile/notification', element: <NotificationsPage /> },
        { path: '/help', element: <HelpPage /> },
        { path: '/help/faq', element: <FaqPage /> },
        { path: '/help/notice', element: <NoticePage /> },
        { path: '/pass/register', element: <RegisterPage /> },
        { path: '/pass/login', element: <LoginPage /> },
        { path: '/pass/reset', element: <ResetPage /> },
        { path: '/detail', element: <DetailPage /> },
        { path: '/introduction', element: <IntroductionPage /> },
        { path: '/api/loginCallback/google', element: <GoogleCallbackPage /> },
        { path: '*', element: <Navigate to="/" replace /> },
      ],
    },
  ]);
}

export function App() {
  const mobile = useMemo(() => isMobileDevice(), []);
  const router = useMemo(() => buildRouter(mobile), [mobile]);
  useEffect(() => applyRootFontSize(mobile), [mobile]);
  useEffect(() => {
    setUnauthorizedHandler(() => void router.navigate('/pass/login', { replace: true }));
    // The login flag set at start: fetch the user info (spec section 4).
    if (session.get().isLogin) {
      http.post<UserInfo>('user/getUserInfo').then(session.setUser, () => undefined);
    }
  }, [router]);
  return <RouterProvider router={router} />;
}
