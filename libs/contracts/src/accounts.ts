/** Wire shapes of the accounts service, shared with web-user and web-admin. Money is a decimal string. */
export interface UserProfile {
  id: string;
  username: string;
  email: string | null;
  phone: string | null;
  status: 'active' | 'frozen' | 'abnormal';
  level: number;
  inviteCode: string;
  hasWithdrawPassword: boolean;
  createdAt: string;
}

export interface BalanceSummaryLine {
  currency: string;
  available: string;
  frozen: string;
  /** Every other kind of account (margin, principal, ...) keyed by kind. */
  other: Record<string, string>;
}

/** The user's VIP level (index/listLevel) and what it was measured from, USDT as decimal strings. */
export interface VipInfo {
  level: number;
  name: string;
  /** Share of the trading fee waived, 0..1. */
  feeDiscount: string;
  depositUsdt: string;
  volumeUsdt: string;
}

export interface UserInfo extends UserProfile {
  /** Whether two-factor authentication (TOTP) is on. */
  twoFactorEnabled: boolean;
  book: 'real' | 'demo';
  balances: BalanceSummaryLine[];
  /** The demo book was disabled by an operator: it can be read, money moves on it answer 10094. */
  demoDisabled: boolean;
  /** Absent when the levels are not served by this process. */
  vip?: VipInfo;
}

export interface LoginResult {
  token: string;
  expiresAt: string;
  user: UserProfile;
}
