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

export interface UserInfo extends UserProfile {
  book: 'real' | 'demo';
  balances: BalanceSummaryLine[];
}

export interface LoginResult {
  token: string;
  expiresAt: string;
  user: UserProfile;
}
