/** Mobile layout for Android and iOS user agents, desktop for everything else (spec section 1). */
export function isMobileDevice(ua = navigator.userAgent): boolean {
  return /Android|iPhone|iPad|iPod/i.test(ua);
}

/**
 * The root font size scales with the window width, capped at 100px: 1rem = 100 design pixels at
 * 375px (mobile) or 1280px (desktop). A floor keeps narrow desktop windows readable.
 */
export function applyRootFontSize(mobile: boolean): () => void {
  const apply = () => {
    const width = document.documentElement.clientWidth || window.innerWidth;
    const size = mobile ? width / 3.75 : Math.max(62.5, width / 12.8);
    document.documentElement.style.fontSize = `${Math.min(100, size)}px`;
  };
  apply();
  window.addEventListener('resize', apply);
  return () => window.removeEventListener('resize', apply);
}
