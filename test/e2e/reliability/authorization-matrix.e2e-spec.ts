import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { AdminRole } from '@app/common';
import { registerUser, type RegisteredUser } from '../../support/users';
import { fundReal, tick } from '../trading/trading-support';
import {
  adminWithRoles,
  bearer,
  createReliabilityApp,
  REAL,
  superAdminToken,
  type ReliabilityApp,
} from './reliability-support';
import { PNG_1X1, verifiedUser } from './reliability-fixtures';

// Issue 14, item 5: every route of the route table x {visitor, user, another user, demo book,
// frozen user, reviewer, operator, super-admin}, matched against the explicit allow-list below.
// A route that is not in the list fails the test: a new route cannot be missed.

type Access =
  | 'public'
  /** A customer session (or a signed API key); the book comes from the `virtually` header. */
  | 'customer'
  /** An admin session with one of the roles (super-admin always); [] = any admin. */
  | { admin: AdminRole[] };

const R = AdminRole.Reviewer;
const O = AdminRole.Operator;
const S = AdminRole.SuperAdmin;
const ANY_ADMIN: Access = { admin: [] };

/** The explicit allow-list: METHOD + route as the server registered it. */
const POLICY: Record<string, Access> = {
  // health, documentation, static files and the two web apps
  'GET /': 'public',
  'GET /*': 'public',
  'GET /admin': 'public',
  'GET /admin/*': 'public',
  'GET /livez': 'public',
  'GET /healthz': 'public',
  'GET /assets/logos/:file': 'public',
  'GET /swx/docs': 'public',
  'GET /swx/docs/': 'public',
  'GET /swx/docs/*': 'public',
  'GET /swx/docs/swagger-ui-init.js': 'public',
  'GET /swx/docs/docs/swagger-ui-init.js': 'public',
  'GET /swx/docs/docs/*': 'public',
  'GET /swx/docs/index.html': 'public',
  'GET /swx/docs/LICENSE': 'public',
  'GET /swx/docs-json': 'public',
  'GET /swx/docs-yaml': 'public',
  // login module
  'GET /swx/customer/login/methods': 'public',
  'GET /swx/customer/login/checkUserNameOrPhone': 'public',
  'POST /swx/customer/login/sendCode': 'public',
  'POST /swx/customer/login/register': 'public',
  'POST /swx/customer/login/login': 'public',
  'POST /swx/customer/login/login2fa': 'public',
  'POST /swx/customer/login/resetPassword': 'public',
  'POST /swx/customer/login/logout': 'customer',
  'GET /swx/customer/login/dappNonce': 'public',
  'POST /swx/customer/login/dappNonce': 'public',
  'POST /swx/customer/login/loginByDapp': 'public',
  'GET /swx/customer/login/googleAuthUrl': 'public',
  'POST /swx/customer/login/loginByGoogle': 'public',
  // the user's account
  'POST /swx/customer/user/getUserInfo': 'customer',
  'POST /swx/customer/user/repassword': 'customer',
  'POST /swx/customer/user/repasswordTx': 'customer',
  'POST /swx/customer/user/sendContactCode': 'customer',
  'POST /swx/customer/user/changeContact': 'customer',
  'GET /swx/customer/user/getDemoTopup': 'customer',
  'POST /swx/customer/user/demoTopup': 'customer',
  'POST /swx/customer/user/2fa/setup': 'customer',
  'POST /swx/customer/user/2fa/enable': 'customer',
  'POST /swx/customer/user/2fa/disable': 'customer',
  'POST /swx/customer/user/apiKeys': 'customer',
  'GET /swx/customer/user/apiKeys': 'customer',
  'POST /swx/customer/user/apiKeys/:keyId/revoke': 'customer',
  'GET /swx/customer/user/links': 'customer',
  'GET /swx/customer/user/links/googleAuthUrl': 'customer',
  'POST /swx/customer/user/links/google': 'customer',
  'POST /swx/customer/user/links/google/unlink': 'customer',
  'POST /swx/customer/user/links/wallet': 'customer',
  'POST /swx/customer/user/links/wallet/unlink': 'customer',
  // funds
  'GET /swx/customer/user/listFundingDetails': 'customer',
  'GET /swx/customer/user/listCoinAccounts': 'customer',
  'GET /swx/customer/user/getAssetsSummary': 'customer',
  'POST /swx/customer/user/getAddressBySymbol': 'customer',
  'GET /swx/customer/user/listCoinNetworks': 'customer',
  'POST /swx/customer/user/recharge': 'customer',
  'GET /swx/customer/user/listRecharge': 'customer',
  'GET /swx/customer/user/recharge/:id/voucher': 'customer',
  'POST /swx/customer/user/withdrawal': 'customer',
  'GET /swx/customer/user/withdrawalQuote': 'customer',
  'GET /swx/customer/user/listWithdrwal': 'customer',
  // withdrawal address book (owner only: another user's id answers 404)
  'GET /swx/customer/user/addressBook': 'customer',
  'POST /swx/customer/user/addressBook': 'customer',
  'POST /swx/customer/user/addressBook/:id/delete': 'customer',
  'GET /swx/customer/user/addressBook/whitelist': 'customer',
  'POST /swx/customer/user/addressBook/whitelist': 'customer',
  'GET /swx/customer/user/dh/currencies': 'customer',
  'GET /swx/customer/user/dh/quote': 'customer',
  'POST /swx/customer/user/dh': 'customer',
  // plans
  'GET /swx/customer/order/listSmartProducts': 'public',
  'POST /swx/customer/order/buySmart': 'customer',
  'GET /swx/customer/order/listSmartOrder': 'customer',
  'POST /swx/customer/order/smartExitQuote': 'customer',
  'POST /swx/customer/order/exitSmart': 'customer',
  'GET /swx/customer/order/listMiningProducts': 'public',
  'POST /swx/customer/order/buyMining': 'customer',
  'GET /swx/customer/order/listMiningOrder': 'customer',
  'GET /swx/customer/order/getProfitTotal': 'customer',
  // KYC and loans (documents: signed links that expire, checked by their signature)
  'POST /swx/customer/user/identification': 'customer',
  'GET /swx/customer/user/getIdentification': 'customer',
  'POST /swx/customer/user/newIdentification': 'customer',
  'GET /swx/customer/user/getNewIdentification': 'customer',
  'GET /swx/customer/user/kycDocument/:id/:slot': 'public',
  'GET /swx/customer/user/listLoanProducts': 'public',
  'GET /swx/customer/user/loanQuote': 'customer',
  'POST /swx/customer/user/loan': 'customer',
  'POST /swx/customer/user/repayLoan': 'customer',
  'GET /swx/customer/user/loanAgreement/:id': 'customer',
  'GET /swx/customer/user/listLoanRecord': 'customer',
  // invite programme
  'GET /swx/customer/user/getInviteInfo': 'customer',
  'GET /swx/customer/user/listInvite': 'customer',
  'GET /swx/customer/user/listInviteReward': 'customer',
  'GET /swx/admin/inviteRewards': ANY_ADMIN,
  // NFTs
  'GET /swx/customer/index/listNft': 'public',
  'GET /swx/customer/index/getNft/:id': 'public',
  'GET /swx/customer/index/listCharity': 'public',
  'GET /swx/customer/index/nftImage/:file': 'public',
  'POST /swx/customer/user/buyNft': 'customer',
  'GET /swx/customer/user/listNft': 'customer',
  // trading
  'POST /swx/customer/order/buyU': 'customer',
  'POST /swx/customer/order/stopU': 'customer',
  'POST /swx/customer/order/cancelU': 'customer',
  'GET /swx/customer/order/listUOrder': 'customer',
  'GET /swx/customer/order/getUOrderById/:id': 'customer',
  'GET /swx/customer/order/getAssestInfo/:id': 'customer',
  'GET /swx/customer/order/listOptionsProducts': 'public',
  'POST /swx/customer/order/buyOptions': 'customer',
  'GET /swx/customer/order/listOptionsOrder': 'customer',
  'GET /swx/customer/order/getOptionsOrderById/:id': 'customer',
  // spot (coin-to-coin), when present
  'POST /swx/customer/order/submit': 'customer',
  'POST /swx/customer/order/chedan': 'customer',
  'GET /swx/customer/order/listBbOrder': 'customer',
  'GET /swx/customer/order/getBbOrderById/:id': 'customer',
  'GET /swx/customer/order/listBbAccounts': 'customer',
  'GET /swx/customer/order/listBbPairs': 'public',
  'GET /swx/customer/order/getBbDepth/:symbol': 'public',
  'GET /swx/customer/order/listBbTrades/:symbol': 'public',
  // content, market data
  'GET /swx/customer/index/listContents/:language': 'public',
  'GET /swx/customer/index/getContentsById/:id': 'public',
  'GET /swx/customer/index/getParamByKey/:key': 'public',
  'GET /swx/customer/index/listnotify': 'public',
  'GET /swx/customer/index/listLevel': 'public',
  'GET /swx/customer/index/getKValueByCodeAndDate': 'public',
  'GET /swx/customer/index/listMarketByType': 'public',
  'GET /swx/customer/index/getMarketInfo/:id': 'public',
  'GET /swx/customer/user/listNotification': 'customer',
  'GET /swx/customer/user/unreadNotification': 'customer',
  'POST /swx/customer/user/readNotification': 'customer',
  'GET /swx/customer/user/supportMessages': 'customer',
  'POST /swx/customer/user/supportMessage': 'customer',
  'POST /swx/customer/user/supportRead': 'customer',
  'POST /swx/customer/user/supportImage': 'customer',
  // a logged-out visitor's support chat (by the visitor id the browser keeps; images by signed links)
  'GET /swx/customer/index/supportMessages': 'public',
  'POST /swx/customer/index/supportImage': 'public',
  'GET /swx/customer/index/supportImage/:id': 'public',
  // admin
  'POST /swx/admin/login': 'public',
  'GET /swx/admin/me': ANY_ADMIN,
  'POST /swx/admin/login2fa': 'public',
  'POST /swx/admin/2fa/setup': ANY_ADMIN,
  'POST /swx/admin/2fa/enable': ANY_ADMIN,
  'POST /swx/admin/password': ANY_ADMIN,
  // another admin's lost second factor (never one's own)
  'POST /swx/admin/admins/:id/2fa/reset': { admin: [S] },
  'GET /swx/admin/outbox': { admin: [S] },
  'GET /swx/admin/audit': ANY_ADMIN,
  'GET /swx/admin/audit/verify': { admin: [S] },
  'GET /swx/admin/users': { admin: [R, O] },
  'GET /swx/admin/users/:id': { admin: [R, O] },
  'POST /swx/admin/users/:id/freeze': { admin: [O] },
  'POST /swx/admin/users/:id/unfreeze': { admin: [O] },
  'POST /swx/admin/users/:id/disableDemo': { admin: [O] },
  'POST /swx/admin/users/:id/enableDemo': { admin: [O] },
  'GET /swx/admin/admins': { admin: [S] },
  // admin accounts (issue 13 item 1): super-admins only
  'GET /swx/admin/admins/:id': { admin: [S] },
  'POST /swx/admin/admins': { admin: [S] },
  'PUT /swx/admin/admins/:id': { admin: [S] },
  'PATCH /swx/admin/admins/:id': { admin: [S] },
  'POST /swx/admin/admins/:id/disable': { admin: [S] },
  'POST /swx/admin/admins/:id/enable': { admin: [S] },
  'POST /swx/admin/admins/:id/resetPassword': { admin: [S] },
  // super-admin role grants waiting for a second super-admin
  'GET /swx/admin/admins/roleGrants': { admin: [S] },
  'GET /swx/admin/admins/roleGrants/mode': { admin: [S] },
  'POST /swx/admin/admins/roleGrants/:grantId/approve': { admin: [S] },
  'POST /swx/admin/admins/roleGrants/:grantId/reject': { admin: [S] },
  'POST /swx/admin/admins/roleGrants/:grantId/withdraw': { admin: [S] },
  'GET /swx/admin/recharges': { admin: [R] },
  'GET /swx/admin/recharges/:id': { admin: [R] },
  'GET /swx/admin/recharges/:id/voucher': { admin: [R] },
  'POST /swx/admin/recharges/:id/approve': { admin: [R] },
  'POST /swx/admin/recharges/:id/reject': { admin: [R] },
  'GET /swx/admin/withdrawals': { admin: [R] },
  'GET /swx/admin/withdrawals/:id': { admin: [R] },
  'POST /swx/admin/withdrawals/:id/approve': { admin: [R] },
  'POST /swx/admin/withdrawals/:id/reject': { admin: [R] },
  'POST /swx/admin/withdrawals/:id/complete': { admin: [R] },
  // ledger (issue 13 item 5): operators read it; adjustments are asked for and approved by super-admins
  'GET /swx/admin/ledger/accounts': { admin: [O] },
  'GET /swx/admin/ledger/accounts/:id': { admin: [O] },
  'GET /swx/admin/ledger/transfers': { admin: [O] },
  'GET /swx/admin/ledger/invariant': { admin: [O] },
  'GET /swx/admin/adjustments': { admin: [O] },
  'GET /swx/admin/adjustments/:id': { admin: [O] },
  'POST /swx/admin/adjustments': { admin: [S] },
  'POST /swx/admin/adjustments/:id/approve': { admin: [S] },
  'POST /swx/admin/adjustments/:id/reject': { admin: [S] },
  'GET /swx/admin/coinNetworks': { admin: [O] },
  'GET /swx/admin/coinNetworks/:id': { admin: [O] },
  'PUT /swx/admin/coinNetworks/:id': { admin: [O] },
  'GET /swx/admin/planProducts': { admin: [O] },
  'GET /swx/admin/planProducts/:id': { admin: [O] },
  'POST /swx/admin/planProducts': { admin: [O] },
  'PUT /swx/admin/planProducts/:id': { admin: [O] },
  'GET /swx/admin/plans': { admin: [R, O] },
  'GET /swx/admin/kyc': { admin: [R] },
  'GET /swx/admin/kyc/document/:id/:slot': { admin: [R] },
  'GET /swx/admin/kyc/:id': { admin: [R] },
  'POST /swx/admin/kyc/:id/approve': { admin: [R] },
  'POST /swx/admin/kyc/:id/reject': { admin: [R] },
  'GET /swx/admin/loans': { admin: [R] },
  'GET /swx/admin/loans/:id/agreement': { admin: [R] },
  'POST /swx/admin/loans/:id/markRepaid': { admin: [R] },
  'GET /swx/admin/loanProducts': { admin: [O] },
  'GET /swx/admin/loanProducts/:id': { admin: [O] },
  'POST /swx/admin/loanProducts': { admin: [O] },
  'PUT /swx/admin/loanProducts/:id': { admin: [O] },
  'GET /swx/admin/nfts': { admin: [O] },
  'GET /swx/admin/nfts/:id': { admin: [O] },
  'GET /swx/admin/nfts/:id/bids': { admin: [O] },
  'POST /swx/admin/nfts': { admin: [O] },
  'PUT /swx/admin/nfts/:id': { admin: [O] },
  'DELETE /swx/admin/nfts/:id': { admin: [O] },
  'GET /swx/admin/charities': { admin: [O] },
  'GET /swx/admin/charities/:id': { admin: [O] },
  'POST /swx/admin/charities': { admin: [O] },
  'PUT /swx/admin/charities/:id': { admin: [O] },
  'GET /swx/admin/u-orders': { admin: [R, O] },
  'GET /swx/admin/u-orders/:id': { admin: [R, O] },
  'GET /swx/admin/options-products': { admin: [O] },
  'GET /swx/admin/options-products/:id': { admin: [O] },
  'POST /swx/admin/options-products': { admin: [O] },
  'PUT /swx/admin/options-products/:id': { admin: [O] },
  'GET /swx/admin/options-orders': { admin: [R, O] },
  'GET /swx/admin/options-orders/:id': { admin: [R, O] },
  'GET /swx/admin/spot-orders': { admin: [R, O] },
  'GET /swx/admin/spot-orders/:id': { admin: [R, O] },
  'GET /swx/admin/spot-trades': { admin: [R, O] },
  'GET /swx/admin/spot-trades/:id': { admin: [R, O] },
  'GET /swx/admin/spot-pairs': { admin: [R, O] },
  'GET /swx/admin/instruments': { admin: [O] },
  'GET /swx/admin/instruments/:id': { admin: [O] },
  'POST /swx/admin/instruments': { admin: [O] },
  'PUT /swx/admin/instruments/:id': { admin: [O] },
  // market closures (holidays, early closes): operators, like the instruments
  'GET /swx/admin/market-closures': { admin: [O] },
  'POST /swx/admin/market-closures': { admin: [O] },
  'GET /swx/admin/market-closures/:id': { admin: [O] },
  'PUT /swx/admin/market-closures/:id': { admin: [O] },
  'DELETE /swx/admin/market-closures/:id': { admin: [O] },
  'GET /swx/admin/priceSources': { admin: [O] },
  'GET /swx/admin/priceSources/:id': { admin: [O] },
  'GET /swx/admin/contents': { admin: [O] },
  'GET /swx/admin/contents/:id': { admin: [O] },
  'POST /swx/admin/contents': { admin: [O] },
  'PUT /swx/admin/contents/:id': { admin: [O] },
  'DELETE /swx/admin/contents/:id': { admin: [O] },
  'GET /swx/admin/parameters': { admin: [O] },
  'GET /swx/admin/parameters/:key': { admin: [O] },
  'PUT /swx/admin/parameters/:key': { admin: [O] },
  'GET /swx/admin/announcements': { admin: [O] },
  'GET /swx/admin/announcements/:id': { admin: [O] },
  'POST /swx/admin/announcements': { admin: [O] },
  'PUT /swx/admin/announcements/:id': { admin: [O] },
  'DELETE /swx/admin/announcements/:id': { admin: [O] },
  'GET /swx/admin/levels': { admin: [O] },
  'GET /swx/admin/levels/:id': { admin: [O] },
  'POST /swx/admin/levels': { admin: [O] },
  'PUT /swx/admin/levels/:id': { admin: [O] },
  'DELETE /swx/admin/levels/:id': { admin: [O] },
  'GET /swx/admin/stats/daily': { admin: [R, O] },
  'GET /swx/admin/stats/current': { admin: [R, O] },
  'GET /swx/admin/stats/queues': { admin: [R, O] },
  'GET /swx/admin/support/conversations': ANY_ADMIN,
  'GET /swx/admin/support/conversations/:id': ANY_ADMIN,
  'GET /swx/admin/support/conversations/:id/messages': ANY_ADMIN,
  'POST /swx/admin/support/conversations/:id/reply': ANY_ADMIN,
  'POST /swx/admin/support/conversations/:id/close': ANY_ADMIN,
};

/** Routes listed above that may be absent (built by another issue): not reported as stale. */
const OPTIONAL = new Set([
  'POST /swx/customer/order/submit',
  'POST /swx/customer/order/chedan',
  'GET /swx/customer/order/listBbOrder',
  'GET /swx/customer/order/getBbOrderById/:id',
  'GET /swx/customer/order/listBbAccounts',
  'GET /swx/customer/order/listBbPairs',
  'GET /swx/customer/order/getBbDepth/:symbol',
  'GET /swx/customer/order/listBbTrades/:symbol',
  'GET /swx/admin/spot-orders',
  'GET /swx/admin/spot-orders/:id',
  'GET /swx/admin/spot-trades',
  'GET /swx/admin/spot-trades/:id',
  'GET /swx/admin/spot-pairs',
  'GET /swx/admin/loanProducts',
  'GET /swx/admin/loanProducts/:id',
  'POST /swx/admin/loanProducts',
  'PUT /swx/admin/loanProducts/:id',
  'POST /swx/admin/users/:id/freeze',
  'POST /swx/admin/users/:id/unfreeze',
  'POST /swx/customer/user/supportImage',
  'GET /swx/customer/index/supportMessages',
  'POST /swx/customer/index/supportImage',
  'GET /swx/customer/index/supportImage/:id',
  'GET /swx/admin/instruments',
  'GET /swx/admin/instruments/:id',
  'POST /swx/admin/instruments',
  'PUT /swx/admin/instruments/:id',
  'GET /swx/admin/market-closures',
  'POST /swx/admin/market-closures',
  'GET /swx/admin/market-closures/:id',
  'PUT /swx/admin/market-closures/:id',
  'DELETE /swx/admin/market-closures/:id',
]);

type PrincipalName =
  'visitor' | 'user' | 'anotherUser' | 'demoBook' | 'frozenUser' | 'reviewer' | 'operator' | 'superAdmin';
type Outcome = 'unauthorized' | 'forbidden' | 'allowed';

function expected(access: Access, who: PrincipalName): Outcome {
  if (access === 'public') return 'allowed';
  const customer = ['user', 'anotherUser', 'demoBook', 'frozenUser'].includes(who);
  if (access === 'customer') return customer ? 'allowed' : 'unauthorized';
  if (who === 'visitor' || customer) return 'unauthorized';
  if (who === 'superAdmin' || access.admin.length === 0) return 'allowed';
  const role = who === 'reviewer' ? R : O;
  return access.admin.includes(role) ? 'allowed' : 'forbidden';
}

/** Placeholder values for path parameters: ids that exist nowhere (nothing seeded is ever touched). */
function concrete(url: string): string {
  return url
    .replace(/:language\b/g, 'en')
    .replace(/:key\b/g, 'reliability_no_such_key')
    .replace(/:file\b/g, 'no-such-file.png')
    .replace(/:slot\b/g, 'front')
    .replace(/:keyId\b/g, 'ak_00000000000000000000000000000000')
    .replace(/:symbol\b/g, 'NOSUCHPAIR')
    .replace(/:id\b/g, '987654321')
    .replace(/\*$/, 'reliability-no-such-page');
}

describe('authorization matrix: every route x 8 principals against the allow-list', () => {
  let t: ReliabilityApp;
  let base: string;
  const headers = {} as Record<PrincipalName, Record<string, string>>;
  const users = {} as Record<'user' | 'anotherUser' | 'frozenUser', RegisteredUser>;
  let table: { method: string; url: string }[];
  let guardForbidden: string;
  let superToken: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    t = await createReliabilityApp({
      DATA_DIR: path.resolve(__dirname, '../../../.data/test/app-data'),
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    table = t.routes();
    superToken = await superAdminToken(t);
    users.user = await registerUser(t);
    users.anotherUser = await registerUser(t);
    // Frozen: an overdue loan (the loan flow of the loans service, the clock moved past the due day).
    users.frozenUser = await verifiedUser(t, superToken, '1000');
    const loan = await t
      .http()
      .post('/swx/customer/user/loan')
      .set({ ...bearer(users.frozenUser.token), ...REAL })
      .send({ amount: '500', termDays: 7, agree: true });
    expect(loan.body.result?.status).toBe('repaying');
    // What the overdue sweep does (loans service); done here directly so this file does not depend
    // on the sweep's other effects.
    await t.db.query(`UPDATE loans.loans SET status = 'expired' WHERE user_id = $1 AND status = 'repaying'`, [
      users.frozenUser.id,
    ]);
    const records = await t
      .http()
      .get('/swx/customer/user/listLoanRecord')
      .set({ ...bearer(users.frozenUser.token), ...REAL });
    expect(records.body.result[0].status).toBe('expired');

    headers.visitor = {};
    headers.user = { ...bearer(users.user.token), ...REAL };
    headers.anotherUser = { ...bearer(users.anotherUser.token), ...REAL };
    headers.demoBook = { ...bearer(users.user.token), virtually: 'NO' };
    headers.frozenUser = { ...bearer(users.frozenUser.token), ...REAL };
    headers.reviewer = bearer((await adminWithRoles(t, [R])).token);
    headers.operator = bearer((await adminWithRoles(t, [O])).token);
    headers.superAdmin = bearer(superToken);
    const refused = await t.http().get('/swx/admin/admins').set(headers.reviewer).set('lang', 'en');
    expect(refused.body.code).toBe(403);
    guardForbidden = refused.body.message as string;
  }, 240_000);
  afterAll(async () => {
    for (const s of sockets) s.close();
    t.app.getHttpServer().closeAllConnections();
    await t.close();
  }, 120_000);

  it('the allow-list names every route of the route table, and nothing else', () => {
    const registered = new Set(table.map((r) => `${r.method} ${r.url}`));
    const missing = [...registered].filter((k) => !(k in POLICY));
    const stale = Object.keys(POLICY).filter((k) => !registered.has(k) && !OPTIONAL.has(k));
    expect({ missing, stale }).toEqual({ missing: [], stale: [] });
    expect(table.length).toBeGreaterThan(150);
  });

  it('every route answers each principal as the allow-list says (and never 500)', async () => {
    const principals = Object.keys(headers) as PrincipalName[];
    const mismatches: string[] = [];
    let requests = 0;
    const routes = table.filter((r) => `${r.method} ${r.url}` in POLICY);
    // Logout ends the session that calls it: it is called with a second session of the same user.
    const second = async (who: PrincipalName) => {
      if (!(who in users) && who !== 'demoBook') return headers[who];
      const u = users[who === 'demoBook' ? 'user' : (who as keyof typeof users)];
      const res = await t
        .http()
        .post('/swx/customer/login/login')
        .send({ account: u.username, password: u.password });
      return { ...headers[who], ...bearer(res.body.result.token as string) };
    };
    const slow: { key: string; ms: number }[] = [];
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      const url = concrete(route.url);
      // The 8 principals of a route at once.
      await Promise.all(
        principals.map(async (who) => {
          const started = Date.now();
          let req = t.http()[route.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete'](url);
          req = req.set(url.endsWith('/logout') ? await second(who) : headers[who]).set('lang', 'en');
          if (route.method !== 'GET') req = req.send({});
          const res = await req;
          slow.push({ key: `${key} as ${who}`, ms: Date.now() - started });
          requests += 1;
          const code = (res.body as { code?: number } | undefined)?.code;
          const outcome: Outcome =
            res.status === 401 || code === 401
              ? 'unauthorized'
              : code === 403 && (res.body as { message?: string }).message === guardForbidden
                ? 'forbidden'
                : 'allowed';
          const want = expected(POLICY[key], who);
          if (outcome !== want) mismatches.push(`${key} as ${who}: ${outcome}, expected ${want}`);
          if (res.status >= 500 || code === 500) mismatches.push(`${key} as ${who}: answered 500`);
        }),
      );
    }
    slow.sort((a, b) => b.ms - a.ms);
    process.stdout.write(
      `[authorization matrix] slowest: ${slow
        .slice(0, 5)
        .map((s) => `${s.key} ${s.ms} ms`)
        .join('; ')}\n`,
    );
    expect(mismatches).toEqual([]);
    expect(requests).toBe(routes.length * principals.length);
    process.stdout.write(
      `[authorization matrix] ${routes.length} routes x ${principals.length} principals = ${requests} requests, ${mismatches.length} mismatches\n`,
    );
  }, 600_000);

  it('an admin token is no customer token and a customer token no admin token', async () => {
    expect((await t.http().post('/swx/customer/user/getUserInfo').set(headers.superAdmin)).body.code).toBe(
      401,
    );
    expect((await t.http().get('/swx/admin/me').set(headers.user)).body.code).toBe(401);
  });

  describe('the demo book and the frozen account', () => {
    const demoRefused: [string, string, object][] = [
      [
        'withdrawal',
        '/swx/customer/user/withdrawal',
        {
          method: 'crypto',
          coin: 'USDT',
          network: 'TRC20',
          address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
          amount: '100',
          withdrawPassword: 'whatever-1',
        },
      ],
      ['currency exchange', '/swx/customer/user/dh', { from: 'USDT', to: 'BTC', amount: '100' }],
      ['loan', '/swx/customer/user/loan', { amount: '100', termDays: 7, agree: true }],
      ['smart plan', '/swx/customer/order/buySmart', { productId: 1, amount: '1000', days: 7 }],
      ['mining plan', '/swx/customer/order/buyMining', { productId: 1, amount: '1000', days: 7 }],
      ['nft', '/swx/customer/user/buyNft', { nftId: '1', type: 'buy' }],
    ];
    it.each(demoRefused)('the demo book cannot use %s', async (_name, url, body) => {
      const res = await t.http().post(url).set(headers.demoBook).send(body);
      expect(res.body.code).toBe(403);
    });

    it('the demo book cannot declare a deposit', async () => {
      const res = await t
        .http()
        .post('/swx/customer/user/recharge')
        .set(headers.demoBook)
        .field('coin', 'USDT')
        .field('network', 'TRC20')
        .field('amount', '200')
        .field('txHash', `0x${'ab'.repeat(32)}`)
        .attach('voucher', PNG_1X1, 'v.png');
      expect(res.body.code).toBe(403);
      const rows = await t.db.query('SELECT count(*)::int AS n FROM funds.recharges WHERE user_id = $1', [
        users.user.id,
      ]);
      expect(rows[0].n).toBe(0);
    });

    it('a frozen account (overdue loan) can read but cannot open plans, trades or withdrawals', async () => {
      const h = headers.frozenUser;
      expect((await t.http().post('/swx/customer/user/getUserInfo').set(h)).body.code).toBe(200);
      const smart = (await t.http().get('/swx/customer/order/listSmartProducts')).body.result as {
        id: number;
        minAmount: string;
        cycles: number[];
      }[];
      const buy = await t
        .http()
        .post('/swx/customer/order/buySmart')
        .set(h)
        .send({ productId: smart[0].id, amount: smart[0].minAmount, days: smart[0].cycles[0] });
      expect(buy.body.code).toBe(10005);
      await tick(t, 'BTCUSDT', '60000');
      const u = await t
        .http()
        .post('/swx/customer/order/buyU')
        .set(h)
        .send({ code: 'BTCUSDT', direction: 'buy', lots: '0.01', leverage: 10 });
      expect(u.body.code).toBe(10005);
      const options = (await t.http().get('/swx/customer/order/listOptionsProducts')).body.result as {
        id: number;
        minAmount: string;
      }[];
      const opt = await t
        .http()
        .post('/swx/customer/order/buyOptions')
        .set(h)
        .send({ code: 'BTCUSDT', productId: options[0].id, direction: 'up', amount: options[0].minAmount });
      expect(opt.body.code).toBe(10005);
      const withdraw = await t.http().post('/swx/customer/user/withdrawal').set(h).send(demoRefused[0][2]);
      expect(withdraw.body.code).not.toBe(20003);
      const rows = await t.db.query(
        `SELECT (SELECT count(*) FROM orders.plans WHERE user_id = $1)::int
              + (SELECT count(*) FROM orders.u_orders WHERE user_id = $1)::int
              + (SELECT count(*) FROM orders.options_orders WHERE user_id = $1)::int
              + (SELECT count(*) FROM funds.withdrawals WHERE user_id = $1)::int AS n`,
        [users.frozenUser.id],
      );
      expect(rows[0].n).toBe(0);
    });
  });

  describe("no user reads or changes another's record, socket room or file", () => {
    it("records: another user's ids answer not found and change nothing", async () => {
      const a = users.user;
      const b = headers.anotherUser;
      // A's records, made through the API: a U order and an options order (demo book), a deposit
      // with its voucher, a smart plan (real book), an API key; the frozen user's loan.
      await tick(t, 'BTCUSDT', '60000');
      const uOrder = await t
        .http()
        .post('/swx/customer/order/buyU')
        .set(headers.demoBook)
        .send({ code: 'BTCUSDT', direction: 'buy', lots: '0.01', leverage: 10, limitPrice: '1000' });
      expect([200, 20004]).toContain(uOrder.body.code);
      const uId = String(uOrder.body.result.id);
      const options = (await t.http().get('/swx/customer/order/listOptionsProducts')).body.result as {
        id: number;
        minAmount: string;
      }[];
      const opt = await t
        .http()
        .post('/swx/customer/order/buyOptions')
        .set(headers.demoBook)
        .send({ code: 'BTCUSDT', productId: options[0].id, direction: 'up', amount: options[0].minAmount });
      expect([200, 20004]).toContain(opt.body.code);
      const optId = String(opt.body.result.id);
      const recharge = await t
        .http()
        .post('/swx/customer/user/recharge')
        .set(headers.user)
        .field('coin', 'USDT')
        .field('network', 'TRC20')
        .field('amount', '200')
        .field('txHash', `0x${'cd'.repeat(32)}`)
        .attach('voucher', PNG_1X1, 'v.png');
      expect(recharge.body.code).toBe(20002);
      const rechargeId = String(recharge.body.result.id);
      await fundReal(t, a, '5000');
      const smart = (await t.http().get('/swx/customer/order/listSmartProducts')).body.result as {
        id: number;
        minAmount: string;
        cycles: number[];
      }[];
      const plan = await t
        .http()
        .post('/swx/customer/order/buySmart')
        .set(headers.user)
        .send({ productId: smart[0].id, amount: smart[0].minAmount, days: smart[0].cycles[0] });
      expect([200, 20004]).toContain(plan.body.code);
      const planId = String(plan.body.result.id);
      const key = await t
        .http()
        .post('/swx/customer/user/apiKeys')
        .set(headers.user)
        .send({ label: 'matrix', scopes: ['read'] });
      expect(key.body.code).toBe(200);
      const keyId = String(key.body.result.keyId);
      const loanId = String(
        (await t.http().get('/swx/customer/user/listLoanRecord').set(headers.frozenUser)).body.result[0].id,
      );

      const reads: [string, string][] = [
        ['U order', `/swx/customer/order/getUOrderById/${uId}`],
        ['options order', `/swx/customer/order/getOptionsOrderById/${optId}`],
        ['voucher', `/swx/customer/user/recharge/${rechargeId}/voucher`],
        ['loan agreement', `/swx/customer/user/loanAgreement/${loanId}`],
      ];
      for (const [name, url] of reads) {
        const own = await t
          .http()
          .get(url)
          .set(
            name === 'loan agreement'
              ? headers.frozenUser
              : name.includes('order')
                ? headers.demoBook
                : headers.user,
          );
        expect([name, own.status]).toEqual([name, 200]);
        for (const other of [b, { ...b, virtually: 'NO' }]) {
          const res = await t.http().get(url).set(other);
          expect([name, res.body?.code]).toEqual([name, 404]);
        }
      }
      const writes: [string, string, object][] = [
        ['stop U', '/swx/customer/order/stopU', { orderId: uId }],
        ['cancel U', '/swx/customer/order/cancelU', { orderId: uId }],
        ['smart exit quote', '/swx/customer/order/smartExitQuote', { orderId: planId }],
        ['exit smart', '/swx/customer/order/exitSmart', { orderId: planId }],
        ['repay loan', '/swx/customer/user/repayLoan', { loanId }],
        ['revoke key', `/swx/customer/user/apiKeys/${keyId}/revoke`, {}],
      ];
      for (const [name, url, body] of writes) {
        for (const other of [b, { ...b, virtually: 'NO' }]) {
          const res = await t.http().post(url).set(other).send(body);
          expect([name, res.body?.code]).toEqual([name, 404]);
        }
      }
      // Nothing of A's changed.
      const state = await t.db.query(
        `SELECT (SELECT state FROM orders.u_orders WHERE id = $1) AS u,
                (SELECT status FROM orders.plans WHERE id = $2) AS plan,
                (SELECT status FROM loans.loans WHERE id = $3) AS loan,
                (SELECT revoked_at IS NULL FROM accounts.api_keys WHERE id::text = $4) AS key_live`,
        [uId, planId, loanId, keyId],
      );
      expect(state[0]).toEqual({ u: 'waiting', plan: 'earning', loan: 'expired', key_live: true });
      // Lists only ever show one's own rows.
      for (const url of [
        '/swx/customer/order/listUOrder',
        '/swx/customer/order/listOptionsOrder',
        '/swx/customer/user/listRecharge',
        '/swx/customer/order/listSmartOrder',
        '/swx/customer/user/listLoanRecord',
        '/swx/customer/user/apiKeys',
      ]) {
        for (const other of [b, { ...b, virtually: 'NO' }]) {
          const res = await t.http().get(url).set(other);
          const text = JSON.stringify(res.body.result);
          for (const id of [uId, optId, rechargeId, planId, loanId, keyId])
            expect([url, text.includes(`"id":"${id}"`) || text.includes(`"id":${id},`)]).toEqual([
              url,
              false,
            ]);
        }
      }
    });

    it("KYC documents: a link signed for one document opens no other; admins' links need a reviewer", async () => {
      const status = await t.http().get('/swx/customer/user/getIdentification').set(headers.frozenUser);
      const link = status.body.result.documents.front as string;
      expect((await t.http().get(link)).status).toBe(200);
      expect((await t.http().get(link.replace('/front?', '/inHand?'))).body.code).toBe(404);
      const id = /kycDocument\/(\d+)\//.exec(link)![1];
      expect(
        (await t.http().get(link.replace(`/kycDocument/${id}/`, `/kycDocument/${Number(id) + 1}/`))).body
          .code,
      ).toBe(404);
      expect((await t.http().get(link.replace(/sig=[0-9a-f]+/, `sig=${'0'.repeat(64)}`))).body.code).toBe(
        404,
      );
      const adminLink = link.replace('/swx/customer/user/kycDocument/', '/swx/admin/kyc/document/');
      expect((await t.http().get(adminLink).set(headers.anotherUser)).body.code).toBe(401);
      expect((await t.http().get(adminLink).set(headers.operator)).body.code).toBe(403);
      expect((await t.http().get(adminLink).set(headers.reviewer)).status).toBe(200);
    });

    it('support sockets: a customer only ever hears their own conversation', async () => {
      const connect = (token?: string) =>
        new Promise<{ socket: Socket; events: { event: string; data: unknown }[] }>((resolve, reject) => {
          const socket = io(`${base}/support`, {
            transports: ['websocket'],
            reconnection: false,
            forceNew: true,
            ...(token ? { auth: { token } } : {}),
          });
          sockets.push(socket);
          const events: { event: string; data: unknown }[] = [];
          socket.onAny((event: string, data: unknown) => events.push({ event, data }));
          socket.once('connect', () => resolve({ socket, events }));
          socket.once('connect_error', reject);
        });
      await expect(connect()).rejects.toThrow('unauthorized');
      const a = await connect(users.user.token);
      const b = await connect(users.anotherUser.token);
      // B asks to join A's room and to read A's history: there is no such event, and history is B's.
      b.socket.emit('join', `user:${users.user.id}`);
      const secret = `for-a-only-${Date.now()}`;
      const sent = (await a.socket.timeout(10_000).emitWithAck('message', { body: secret })) as {
        ok: boolean;
      };
      expect(sent.ok).toBe(true);
      const history = (await b.socket.timeout(10_000).emitWithAck('history', {})) as Record<string, unknown>;
      await new Promise((r) => setTimeout(r, 300));
      expect(JSON.stringify(history)).not.toContain(secret);
      expect(JSON.stringify(b.events)).not.toContain(secret);
      expect(JSON.stringify(a.events)).toContain(secret);
      // A customer cannot act as an agent.
      const reply = (await b.socket.timeout(10_000).emitWithAck('reply', {
        conversationId: '1',
        body: 'x',
      })) as { ok: boolean };
      expect(reply.ok).toBe(false);
    });
  });
});
