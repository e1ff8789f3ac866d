import { http } from '../../../api/http-client';
import { session, useSession, type UserInfo } from '../../../shared/session';
import { useApi } from '../../../shared/useApi';

export const profileApi = {
  userInfo: (signal?: AbortSignal) => http.post<UserInfo>('user/getUserInfo', {}, signal),
  changePassword: (oldPassword: string, newPassword: string) =>
    http.post<unknown>('user/repassword', { oldPassword, newPassword }),
  changeWithdrawPassword: (body: { type: 'email' | 'phone'; code: string; password: string }) =>
    http.post<unknown>('user/repasswordTx', body),
  /** Whether the demo book can be topped up now, by how much, and when next (any book header). */
  demoTopupStatus: (signal?: AbortSignal) =>
    http.get<DemoTopupStatus>('user/getDemoTopup', undefined, signal),
  /** Tops the demo USDT available balance back up to the grant (money-moving: idempotent). */
  demoTopup: (idempotencyKey: string) => http.send<DemoTopupResult>('user/demoTopup', {}, idempotencyKey),
};

/** GET user/getDemoTopup (services/accounts DemoTopupService.status). */
export interface DemoTopupStatus {
  grant: string;
  available: string;
  /** What a top-up adds now ('0' when nothing). */
  amount: string;
  eligible: boolean;
  refusal: 'full' | 'tooSoon' | 'demoDisabled' | null;
  lastAt: string | null;
  /** When the next top-up is possible, while it is not yet. */
  nextAt: string | null;
  intervalHours: number;
}

/** POST user/demoTopup. */
export interface DemoTopupResult {
  amount: string;
  available: string;
  journalId: string;
  at: string;
  nextAt: string;
}

/** The user info of the current book; refetched when the demo/real switch changes. */
export function useUserInfo() {
  const { demo } = useSession();
  return useApi(
    async (signal) => {
      const info = await profileApi.userInfo(signal);
      session.setUser(info);
      return info;
    },
    [demo],
  );
}

/** The demo top-up's eligibility; asked only while `enabled` (the demo book is shown). */
export function useDemoTopupStatus(enabled: boolean) {
  return useApi((signal) => profileApi.demoTopupStatus(signal), [], enabled);
}
