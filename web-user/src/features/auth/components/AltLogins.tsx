import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/http-client';
import { checksumAddress, siweMessage } from '../../../shared/siwe';
import { FormError } from '../../../shared/ui/Field';
import { authApi, type FirstFactorResult } from '../api/auth-api';
import { rememberGoogleTrip } from '../google-redirect';
import { rememberRedirect } from '../login-redirect';

/** The EIP-1193 provider a wallet browser (or extension) injects as window.ethereum. */
interface Eip1193 {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
}
const injectedWallet = (): Eip1193 | undefined => (window as unknown as { ethereum?: Eip1193 }).ethereum;

/**
 * The SIWE statement: EIP-4361 allows only ASCII there (the server's parser refuses the message
 * otherwise), so it is not translated.
 */
const SIWE_STATEMENT = 'Log in to SWX';
/** EIP-1193: the user rejected the request. */
const USER_REJECTED = 4001;

/**
 * Whether the server offers Google login, asked once per page load (login and register share it).
 * An answer that does not come counts as "no": the button would only fail.
 */
let googleOffered: Promise<boolean> | null = null;
const askGoogleOffered = () =>
  (googleOffered ??= authApi.loginMethods().then(
    (methods) => methods.google === true,
    () => {
      googleOffered = null;
      return false;
    },
  ));

/** UTF-8 text as 0x-hex, the form personal_sign takes. */
const toHex = (text: string) =>
  `0x${Array.from(new TextEncoder().encode(text), (b) => b.toString(16).padStart(2, '0')).join('')}`;

function GoogleIcon() {
  return (
    <svg viewBox="0 0 48 48" width="18" height="18" aria-hidden="true">
      <path
        fill="#FFC107"
        d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.3 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
      />
      <path
        fill="#FF3D00"
        d="M6.3 14.7l6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path
        fill="#1976D2"
        d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z"
      />
    </svg>
  );
}

/**
 * Other ways in, under the password form: Google, only when the server says it is configured
 * (login/methods; googleAuthUrl answers 404 otherwise), and, in a wallet browser (window.ethereum),
 * a Sign-In with Ethereum login. Nothing is shown until the server has answered. A wallet login
 * may answer a 2FA challenge: `onResult` takes both.
 */
export function AltLogins({
  redirect,
  onResult,
}: {
  redirect: string | null;
  onResult: (result: FirstFactorResult) => void;
}) {
  const { t } = useTranslation('auth');
  const [wallet] = useState(injectedWallet);
  const [busy, setBusy] = useState<'google' | 'wallet' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [google, setGoogle] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    void askGoogleOffered().then((offered) => live && setGoogle(offered));
    return () => {
      live = false;
    };
  }, []);
  // Back from the provider through the page cache: the button works again.
  useEffect(() => {
    const reset = (e: PageTransitionEvent) => e.persisted && setBusy(null);
    window.addEventListener('pageshow', reset);
    return () => window.removeEventListener('pageshow', reset);
  }, []);

  const googleLogin = async () => {
    setError(null);
    setBusy('google');
    try {
      const { url } = await authApi.googleAuthUrl();
      rememberGoogleTrip(url, 'login');
      rememberRedirect(redirect);
      window.location.assign(url);
    } catch (err) {
      setBusy(null);
      setError(
        err instanceof ApiError && err.code === 404
          ? t('google.unavailable')
          : err instanceof ApiError
            ? err.message
            : t('google.failed'),
      );
    }
  };

  const walletLogin = async () => {
    const ethereum = injectedWallet() ?? wallet;
    if (!ethereum) return setError(t('wallet.none'));
    setError(null);
    setBusy('wallet');
    try {
      const accounts = (await ethereum.request({ method: 'eth_requestAccounts' })) as string[];
      const address = accounts?.[0];
      if (!address || !/^0x[0-9a-fA-F]{40}$/.test(address)) throw new Error('no account');
      const chainId = parseInt(String(await ethereum.request({ method: 'eth_chainId' })), 16);
      const { nonce } = await authApi.dappNonce(checksumAddress(address));
      const message = siweMessage({ address, chainId, nonce, statement: SIWE_STATEMENT });
      const signature = (await ethereum.request({
        method: 'personal_sign',
        params: [toHex(message), address],
      })) as string;
      const result = await authApi.loginByDapp(message, signature);
      setBusy(null);
      onResult(result);
    } catch (err) {
      setBusy(null);
      const code = (err as { code?: unknown } | null)?.code;
      setError(
        err instanceof ApiError
          ? err.message
          : code === USER_REJECTED
            ? t('wallet.rejected')
            : t('wallet.failed'),
      );
    }
  };

  if (google === null || (!google && !wallet)) return null;
  return (
    <div
      className="alt-logins"
      data-testid="alt-logins"
      style={{ display: 'flex', flexDirection: 'column', gap: '0.1rem' }}
    >
      <div
        className="muted"
        style={{ display: 'flex', alignItems: 'center', gap: '0.1rem', fontSize: '0.13rem' }}
      >
        <span style={{ flex: 1, borderTop: '1px solid var(--line)' }} />
        <span>{t('alt.or')}</span>
        <span style={{ flex: 1, borderTop: '1px solid var(--line)' }} />
      </div>
      <FormError message={error} testId="alt-login-error" />
      {google && (
        <button
          type="button"
          className="btn btn-ghost btn-block"
          onClick={() => void googleLogin()}
          disabled={busy !== null}
          data-testid="google-login"
        >
          <GoogleIcon />
          {busy === 'google' ? t('common:states.loading') : t('alt.google')}
        </button>
      )}
      {wallet && (
        <button
          type="button"
          className="btn btn-ghost btn-block"
          onClick={() => void walletLogin()}
          disabled={busy !== null}
          data-testid="wallet-login"
        >
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              d="M3 7h15a3 3 0 0 1 3 3v7a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3V7zm0 0l12-3v3M16 13.5h2"
            />
          </svg>
          {busy === 'wallet' ? t('wallet.working') : t('alt.wallet')}
        </button>
      )}
    </div>
  );
}
