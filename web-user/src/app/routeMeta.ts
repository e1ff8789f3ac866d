/** Which chrome a route shows (spec section 2: some routes hide the footer or tab bar, login-type routes hide navigation). */
export interface RouteChrome {
  nav: boolean;
  footer: boolean;
  tabBar: boolean;
  /** A mobile sub-page: a back button instead of the brand. */
  back: boolean;
}

const TAB_ROUTES = ['/', '/market', '/trading', '/zjxq', '/profile'];

export function chromeFor(pathname: string, mobile: boolean): RouteChrome {
  const bare = pathname.startsWith('/pass/') || pathname.startsWith('/api/loginCallback');
  if (bare) return { nav: false, footer: false, tabBar: false, back: false };
  const tab = TAB_ROUTES.includes(pathname);
  if (mobile) return { nav: true, footer: pathname === '/', tabBar: tab, back: !tab };
  return { nav: true, footer: !pathname.startsWith('/profile/kefu'), tabBar: false, back: false };
}
