import { http } from '../../../api/http-client';
import type { UserInfo } from '../../../shared/session';

export type ContactType = 'email' | 'phone';
export interface LoginResult {
  token: string;
  user: UserInfo;
}
/** With two-factor authentication on, the first factor only opens a challenge for login2fa. */
export interface TwoFactorChallenge {
  twoFactorRequired: true;
  challenge: string;
  expiresAt?: string;
}
/** What a password, wallet or Google login answers. */
export type FirstFactorResult = LoginResult | TwoFactorChallenge;

export const isChallenge = (r: FirstFactorResult): r is TwoFactorChallenge =>
  (r as TwoFactorChallenge).twoFactorRequired === true;

/** The login module (DESIGN.md: bodies of sendCode, register, login). */
export const authApi = {
  login: (account: string, password: string) =>
    http.post<FirstFactorResult>('login/login', { account, password }),
  /** The second step: the challenge with a TOTP code or one recovery code. */
  login2fa: (challenge: string, factor: { code: string } | { recoveryCode: string }) =>
    http.post<LoginResult>('login/login2fa', { challenge, ...factor }),
  /** The login methods the server offers; google is false while Google (OIDC) is not configured. */
  loginMethods: () => http.get<{ google: boolean; wallet: boolean }>('login/methods'),
  googleAuthUrl: () => http.get<{ url: string; state: string }>('login/googleAuthUrl'),
  loginByGoogle: (body: { code: string; state: string; iss?: string }) =>
    http.post<FirstFactorResult>('login/loginByGoogle', body),
  dappNonce: (address: string) => http.post<{ nonce: string }>('login/dappNonce', { address }),
  loginByDapp: (message: string, signature: string) =>
    http.post<FirstFactorResult>('login/loginByDapp', { message, signature }),
  sendCode: (type: ContactType, account: string, scene: 'register' | 'reset' | 'withdrawPassword') =>
    http.post<unknown>('login/sendCode', { type, account, scene }),
  register: (body: {
    type: ContactType;
    account: string;
    username: string;
    password: string;
    code: string;
    inviteCode?: string;
  }) => http.post<LoginResult>('login/register', body),
  resetPassword: (body: { type: ContactType; account: string; code: string; password: string }) =>
    http.post<unknown>('login/resetPassword', body),
  logout: () => http.post<unknown>('login/logout'),
};
