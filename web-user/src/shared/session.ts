import { useSyncExternalStore } from 'react';

/** localStorage keys of the login state, the account mode and the language (spec section 4). */
export const STORAGE = {
  token: 'token',
  userInfo: 'userInfo',
  isLogin: 'isLogin',
  /** '1' = virtual (demo) book, the default; '0' = real book. */
  demo: 'virtually',
  lang: 'lang',
  notifySeen: 'notifySeen',
} as const;
/** sessionStorage: the onboarding board was shown in this session. */
export const SHOWBOARD_KEY = 'showboard';

export interface BalanceLine {
  currency: string;
  available: string;
  frozen: string;
  other?: Record<string, string>;
}

export interface UserInfo {
  id: string;
  username: string;
  email?: string | null;
  phone?: string | null;
  status?: string;
  level?: number | string | null;
  inviteCode?: string | null;
  hasWithdrawPassword?: boolean;
  twoFactorEnabled?: boolean;
  demoDisabled?: boolean;
  createdAt?: string;
  book?: 'demo' | 'real';
  balances?: BalanceLine[];
}

export interface SessionState {
  token: string | null;
  user: UserInfo | null;
  isLogin: boolean;
  demo: boolean;
}

function readUser(): UserInfo | null {
  try {
    const raw = localStorage.getItem(STORAGE.userInfo);
    return raw ? (JSON.parse(raw) as UserInfo) : null;
  } catch {
    return null;
  }
}

function read(): SessionState {
  const token = localStorage.getItem(STORAGE.token);
  return {
    token,
    user: readUser(),
    isLogin: Boolean(token) && localStorage.getItem(STORAGE.isLogin) === '1',
    demo: localStorage.getItem(STORAGE.demo) !== '0',
  };
}

let state = read();
const listeners = new Set<() => void>();
function emit() {
  state = read();
  listeners.forEach((l) => l());
}
window.addEventListener('storage', emit);

export const session = {
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  login(token: string, user: UserInfo | null) {
    localStorage.setItem(STORAGE.token, token);
    localStorage.setItem(STORAGE.isLogin, '1');
    if (user) localStorage.setItem(STORAGE.userInfo, JSON.stringify(user));
    emit();
  },
  setUser(user: UserInfo) {
    localStorage.setItem(STORAGE.userInfo, JSON.stringify(user));
    emit();
  },
  /** Logout and code 401: token, user info and the login flag go. */
  clear() {
    localStorage.removeItem(STORAGE.token);
    localStorage.removeItem(STORAGE.userInfo);
    localStorage.removeItem(STORAGE.isLogin);
    emit();
  },
  /** HTTP 401 clears local storage (spec section 8); the language choice is kept for the login page. */
  clearAll() {
    const lang = localStorage.getItem(STORAGE.lang);
    localStorage.clear();
    if (lang) localStorage.setItem(STORAGE.lang, lang);
    emit();
  },
  setDemo(demo: boolean) {
    localStorage.setItem(STORAGE.demo, demo ? '1' : '0');
    emit();
  },
};

export function useSession(): SessionState {
  return useSyncExternalStore(session.subscribe, session.get);
}
