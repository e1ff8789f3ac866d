import { http } from '../../../api/http-client';
import type { UserInfo } from '../../../shared/session';

export type ContactType = 'email' | 'phone';
export interface LoginResult {
  token: string;
  user: UserInfo;
}

/** The login module (DESIGN.md: bodies of sendCode, register, login). */
export const authApi = {
  login: (account: string, password: string) => http.post<LoginResult>('login/login', { account, password }),
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
