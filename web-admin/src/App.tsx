import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import BalanceIcon from '@mui/icons-material/Balance';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import AssignmentIndIcon from '@mui/icons-material/AssignmentInd';
import CampaignIcon from '@mui/icons-material/Campaign';
import CandlestickChartIcon from '@mui/icons-material/CandlestickChart';
import CurrencyExchangeIcon from '@mui/icons-material/CurrencyExchange';
import CardGiftcardIcon from '@mui/icons-material/CardGiftcard';
import GridViewIcon from '@mui/icons-material/GridView';
import SensorsIcon from '@mui/icons-material/Sensors';
import DescriptionIcon from '@mui/icons-material/Description';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import HistoryIcon from '@mui/icons-material/History';
import ImageIcon from '@mui/icons-material/Image';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import MailIcon from '@mui/icons-material/Mail';
import MilitaryTechIcon from '@mui/icons-material/MilitaryTech';
import PeopleIcon from '@mui/icons-material/People';
import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import SavingsIcon from '@mui/icons-material/Savings';
import SettingsIcon from '@mui/icons-material/Settings';
import ShieldIcon from '@mui/icons-material/Shield';
import ShowChartIcon from '@mui/icons-material/ShowChart';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import TimerIcon from '@mui/icons-material/Timer';
import TollIcon from '@mui/icons-material/Toll';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import UploadIcon from '@mui/icons-material/Upload';
import VolunteerActivismIcon from '@mui/icons-material/VolunteerActivism';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { BrowserRouter, Route } from 'react-router-dom';
import { authProvider, hasRole, ROLES } from './authProvider';
import { dataProvider } from './dataProvider';
import { ConsoleDirection } from './direction';
import { i18nProvider } from './i18n/i18nProvider';
import { ConsoleLayout } from './Layout';
import { LoginPage } from './LoginPage';

/**
 * A page of the console, loaded with its module the first time it is shown: the sign-in page does
 * not wait for the screens behind it, nor a screen for the others. Meanwhile react-admin's layout
 * shows its loading state (its Suspense around the page).
 */
function page<M>(load: () => Promise<M>, name: keyof M): LazyExoticComponent<ComponentType> {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

const Dashboard = page(() => import('./Dashboard'), 'Dashboard');
const TwoFactorPage = page(() => import('./TwoFactorPage'), 'TwoFactorPage');
const PasswordPage = page(() => import('./PasswordPage'), 'PasswordPage');

const configuration = () => import('./resources/configuration');
const AnnouncementCreate = page(configuration, 'AnnouncementCreate');
const AnnouncementEdit = page(configuration, 'AnnouncementEdit');
const AnnouncementList = page(configuration, 'AnnouncementList');
const ContentCreate = page(configuration, 'ContentCreate');
const ContentEdit = page(configuration, 'ContentEdit');
const ContentList = page(configuration, 'ContentList');
const LevelCreate = page(configuration, 'LevelCreate');
const LevelEdit = page(configuration, 'LevelEdit');
const LevelList = page(configuration, 'LevelList');
const ParameterEdit = page(configuration, 'ParameterEdit');
const ParameterList = page(configuration, 'ParameterList');
const instruments = () => import('./resources/instruments');
const InstrumentCreate = page(instruments, 'InstrumentCreate');
const InstrumentEdit = page(instruments, 'InstrumentEdit');
const InstrumentList = page(instruments, 'InstrumentList');
const closures = () => import('./resources/closures');
const ClosureCreate = page(closures, 'ClosureCreate');
const ClosureEdit = page(closures, 'ClosureEdit');
const ClosureList = page(closures, 'ClosureList');
const invite = () => import('./resources/invite');
const InviteRewardList = page(invite, 'InviteRewardList');
const priceSources = () => import('./resources/priceSources');
const PriceSourceList = page(priceSources, 'PriceSourceList');
const spotPairs = () => import('./resources/spotPairs');
const SpotPairList = page(spotPairs, 'SpotPairList');
const kyc = () => import('./resources/kyc');
const KycList = page(kyc, 'KycList');
const KycShow = page(kyc, 'KycShow');
const nfts = () => import('./resources/nfts');
const CharityCreate = page(nfts, 'CharityCreate');
const CharityEdit = page(nfts, 'CharityEdit');
const CharityList = page(nfts, 'CharityList');
const NftCreate = page(nfts, 'NftCreate');
const NftEdit = page(nfts, 'NftEdit');
const NftList = page(nfts, 'NftList');
const orders = () => import('./resources/orders');
const OptionsOrderList = page(orders, 'OptionsOrderList');
const PlanList = page(orders, 'PlanList');
const SpotOrderList = page(orders, 'SpotOrderList');
const SpotTradeList = page(orders, 'SpotTradeList');
const UOrderList = page(orders, 'UOrderList');
const products = () => import('./resources/products');
const CoinNetworkEdit = page(products, 'CoinNetworkEdit');
const CoinNetworkList = page(products, 'CoinNetworkList');
const LoanProductCreate = page(products, 'LoanProductCreate');
const LoanProductEdit = page(products, 'LoanProductEdit');
const LoanProductList = page(products, 'LoanProductList');
const OptionsProductCreate = page(products, 'OptionsProductCreate');
const OptionsProductEdit = page(products, 'OptionsProductEdit');
const OptionsProductList = page(products, 'OptionsProductList');
const PlanProductCreate = page(products, 'PlanProductCreate');
const PlanProductEdit = page(products, 'PlanProductEdit');
const PlanProductList = page(products, 'PlanProductList');
const recharges = () => import('./resources/recharges');
const RechargeList = page(recharges, 'RechargeList');
const RechargeShow = page(recharges, 'RechargeShow');
const admins = () => import('./resources/admins');
const AdminCreate = page(admins, 'AdminCreate');
const AdminEdit = page(admins, 'AdminEdit');
const AdminList = page(admins, 'AdminList');
const records = () => import('./resources/records');
const AuditList = page(records, 'AuditList');
const LoanList = page(records, 'LoanList');
const OutboxList = page(records, 'OutboxList');
const support = () => import('./resources/support');
const ConversationList = page(support, 'ConversationList');
const ConversationShow = page(support, 'ConversationShow');
const users = () => import('./resources/users');
const UserList = page(users, 'UserList');
const UserShow = page(users, 'UserShow');
const withdrawals = () => import('./resources/withdrawals');
const WithdrawalList = page(withdrawals, 'WithdrawalList');
const WithdrawalShow = page(withdrawals, 'WithdrawalShow');
const ledger = () => import('./resources/ledger');
const AdjustmentCreate = page(ledger, 'AdjustmentCreate');
const AdjustmentList = page(ledger, 'AdjustmentList');
const AdjustmentShow = page(ledger, 'AdjustmentShow');
const LedgerAccountList = page(ledger, 'LedgerAccountList');
const LedgerTransferList = page(ledger, 'LedgerTransferList');

/**
 * The back office at /admin. Menus follow the admin's roles (the API enforces them on every call):
 * reviewers see the review queues, operators the configuration, super-admins everything.
 */
export function App() {
  // History routing under /admin (the platform answers every /admin/* path with the console), not
  // react-admin's default hash router: deep links such as /admin/recharges/12/show work as they read.
  // Location changes are not transitions: react-admin's sign-out navigates to the sign-in page and
  // then resets its queries, which would interrupt a transition and mount the sign-out again (a
  // loop of thousands of navigations before the sign-in form could be used).
  return (
    <BrowserRouter basename="/admin" useTransitions={false}>
      <ConsoleDirection>
        {(themes) => (
          <Admin
            title="SWX back office"
            dataProvider={dataProvider}
            authProvider={authProvider}
            i18nProvider={i18nProvider}
            loginPage={LoginPage}
            dashboard={Dashboard}
            layout={ConsoleLayout}
            lightTheme={themes.light}
            darkTheme={themes.dark}
            requireAuth
            disableTelemetry
          >
            {(permissions: string[]) => {
              const reviewer = hasRole(permissions, ROLES.reviewer);
              const operator = hasRole(permissions, ROLES.operator);
              const superAdmin = hasRole(permissions, ROLES.superAdmin);
              const anyone = reviewer || operator;
              return [
                // Review queues
                reviewer && (
                  <Resource key="kyc" name="kyc" list={KycList} show={KycShow} icon={AssignmentIndIcon} />
                ),
                reviewer && (
                  <Resource
                    key="recharges"
                    name="recharges"
                    list={RechargeList}
                    show={RechargeShow}
                    icon={SavingsIcon}
                  />
                ),
                reviewer && (
                  <Resource
                    key="withdrawals"
                    name="withdrawals"
                    list={WithdrawalList}
                    show={WithdrawalShow}
                    icon={UploadIcon}
                  />
                ),
                // Operations
                anyone && (
                  <Resource
                    key="users"
                    name="users"
                    list={UserList}
                    show={UserShow}
                    icon={PeopleIcon}
                    recordRepresentation="username"
                  />
                ),
                reviewer && <Resource key="loans" name="loans" list={LoanList} icon={RequestQuoteIcon} />,
                anyone && <Resource key="plans" name="plans" list={PlanList} icon={TrendingUpIcon} />,
                anyone && <Resource key="u-orders" name="u-orders" list={UOrderList} icon={ShowChartIcon} />,
                anyone && (
                  <Resource
                    key="options-orders"
                    name="options-orders"
                    list={OptionsOrderList}
                    icon={TimerIcon}
                  />
                ),
                anyone && (
                  <Resource
                    key="spot-orders"
                    name="spot-orders"
                    list={SpotOrderList}
                    icon={CandlestickChartIcon}
                  />
                ),
                anyone && (
                  <Resource key="spot-trades" name="spot-trades" list={SpotTradeList} icon={SwapHorizIcon} />
                ),
                operator && (
                  <Resource
                    key="nfts"
                    name="nfts"
                    list={NftList}
                    edit={NftEdit}
                    create={NftCreate}
                    icon={ImageIcon}
                    recordRepresentation="name"
                  />
                ),
                operator && (
                  <Resource
                    key="charities"
                    name="charities"
                    list={CharityList}
                    edit={CharityEdit}
                    create={CharityCreate}
                    icon={VolunteerActivismIcon}
                    recordRepresentation="name"
                  />
                ),
                anyone && (
                  <Resource
                    key="conversations"
                    name="conversations"
                    list={ConversationList}
                    show={ConversationShow}
                    icon={SupportAgentIcon}
                  />
                ),
                // Live one-time codes: super-admins only (the API refuses the others).
                superAdmin && <Resource key="outbox" name="outbox" list={OutboxList} icon={MailIcon} />,
                // Configuration
                operator && (
                  <Resource
                    key="instruments"
                    name="instruments"
                    list={InstrumentList}
                    edit={InstrumentEdit}
                    create={InstrumentCreate}
                    icon={CandlestickChartIcon}
                  />
                ),
                anyone && (
                  <Resource key="spot-pairs" name="spot-pairs" list={SpotPairList} icon={GridViewIcon} />
                ),
                operator && (
                  <Resource
                    key="priceSources"
                    name="priceSources"
                    list={PriceSourceList}
                    icon={SensorsIcon}
                  />
                ),
                operator && (
                  <Resource
                    key="market-closures"
                    name="market-closures"
                    list={ClosureList}
                    edit={ClosureEdit}
                    create={ClosureCreate}
                    icon={EventBusyIcon}
                  />
                ),
                operator && (
                  <Resource
                    key="coinNetworks"
                    name="coinNetworks"
                    list={CoinNetworkList}
                    edit={CoinNetworkEdit}
                    icon={TollIcon}
                  />
                ),
                operator && (
                  <Resource
                    key="planProducts"
                    name="planProducts"
                    list={PlanProductList}
                    edit={PlanProductEdit}
                    create={PlanProductCreate}
                    icon={Inventory2Icon}
                  />
                ),
                operator && (
                  <Resource
                    key="options-products"
                    name="options-products"
                    list={OptionsProductList}
                    edit={OptionsProductEdit}
                    create={OptionsProductCreate}
                    icon={CurrencyExchangeIcon}
                  />
                ),
                operator && (
                  <Resource
                    key="loanProducts"
                    name="loanProducts"
                    list={LoanProductList}
                    edit={LoanProductEdit}
                    create={LoanProductCreate}
                    icon={AccountBalanceIcon}
                  />
                ),
                operator && (
                  <Resource
                    key="parameters"
                    name="parameters"
                    list={ParameterList}
                    edit={ParameterEdit}
                    icon={SettingsIcon}
                  />
                ),
                operator && (
                  <Resource
                    key="contents"
                    name="contents"
                    list={ContentList}
                    edit={ContentEdit}
                    create={ContentCreate}
                    icon={DescriptionIcon}
                  />
                ),
                operator && (
                  <Resource
                    key="announcements"
                    name="announcements"
                    list={AnnouncementList}
                    edit={AnnouncementEdit}
                    create={AnnouncementCreate}
                    icon={CampaignIcon}
                  />
                ),
                operator && (
                  <Resource
                    key="levels"
                    name="levels"
                    list={LevelList}
                    edit={LevelEdit}
                    create={LevelCreate}
                    icon={MilitaryTechIcon}
                  />
                ),
                anyone && (
                  <Resource
                    key="inviteRewards"
                    name="inviteRewards"
                    list={InviteRewardList}
                    icon={CardGiftcardIcon}
                  />
                ),
                // Ledger: operators read it; super-admins ask for and approve adjustments (maker-checker)
                operator && (
                  <Resource
                    key="ledger-accounts"
                    name="ledger-accounts"
                    list={LedgerAccountList}
                    icon={AccountBalanceWalletIcon}
                  />
                ),
                operator && (
                  <Resource
                    key="ledger-transfers"
                    name="ledger-transfers"
                    list={LedgerTransferList}
                    icon={ReceiptLongIcon}
                  />
                ),
                operator && (
                  <Resource
                    key="adjustments"
                    name="adjustments"
                    list={AdjustmentList}
                    show={AdjustmentShow}
                    create={superAdmin ? AdjustmentCreate : undefined}
                    icon={BalanceIcon}
                  />
                ),
                // Oversight
                <Resource key="audit" name="audit" list={AuditList} icon={HistoryIcon} />,
                superAdmin && (
                  <Resource
                    key="admins"
                    name="admins"
                    list={AdminList}
                    create={AdminCreate}
                    edit={AdminEdit}
                    icon={ShieldIcon}
                    recordRepresentation="email"
                  />
                ),
                <CustomRoutes key="custom">
                  <Route path="/two-factor" element={<TwoFactorPage />} />
                  <Route path="/password" element={<PasswordPage />} />
                </CustomRoutes>,
              ].filter(Boolean);
            }}
          </Admin>
        )}
      </ConsoleDirection>
    </BrowserRouter>
  );
}
