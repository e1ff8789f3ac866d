import { http } from '../../../api/http-client';
import { session, useSession, type UserInfo } from '../../../shared/session';
import { useApi } from '../../../shared/useApi';

export const profileApi = {
  userInfo: (signal?: AbortSignal) => http.post<UserInfo>('user/getUserInfo', {}, signal),
  changePassword: (oldPassword: string, newPassword: string) =>
    http.post<unknown>('user/repassword', { oldPassword, newPassword }),
  changeWithdrawPassword: (body: { type: 'email' | 'phone'; code: string; password: string }) =>
    http.post<unknown>('user/repasswordTx', body),
};

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
