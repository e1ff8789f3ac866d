/**
 * What this browser remembers across the trip to Google and back (sessionStorage, this tab only):
 * whether the trip links Google to the logged-in account (the security page) or logs in, and the
 * `state` of the authorization URL it was sent to. The callback completes only a trip this tab
 * started: a callback link made elsewhere, with someone else's code and state, would otherwise
 * log the victim into that other account (login CSRF).
 */
const LINK_KEY = 'googleLink';
const STATE_KEY = 'googleState';

/** Before leaving for `url` (the server's authorization URL): remembers its state and the purpose. */
export function rememberGoogleTrip(url: string, purpose: 'login' | 'link'): void {
  const state = new URL(url).searchParams.get('state');
  if (state) sessionStorage.setItem(STATE_KEY, state);
  else sessionStorage.removeItem(STATE_KEY);
  if (purpose === 'link') sessionStorage.setItem(LINK_KEY, '1');
  else sessionStorage.removeItem(LINK_KEY);
}

/**
 * On the callback, once: whether `state` is the one this tab was sent with, and whether the trip
 * was a link. Both are forgotten, so that a reload or a second link cannot use them again.
 */
export function takeGoogleTrip(state: string): { ours: boolean; linking: boolean } {
  const ours = sessionStorage.getItem(STATE_KEY) === state;
  const linking = sessionStorage.getItem(LINK_KEY) === '1';
  sessionStorage.removeItem(STATE_KEY);
  sessionStorage.removeItem(LINK_KEY);
  return { ours, linking };
}
