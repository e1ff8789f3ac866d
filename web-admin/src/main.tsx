import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { loadStartLanguage } from './i18n/i18nProvider';

// A console left open across a release asks for screens by the old build's file names, which are
// gone: load the page again (the new build) instead of react-admin's error page, once a minute at
// most so that a chunk that really fails does not reload for ever.
const RELOADED_AT = 'swx-admin-chunk-reload';
window.addEventListener('vite:preloadError', (event) => {
  const last = Number(sessionStorage.getItem(RELOADED_AT) ?? 0);
  if (Date.now() - last < 60_000) return;
  sessionStorage.setItem(RELOADED_AT, String(Date.now()));
  event.preventDefault();
  window.location.reload();
});

// The language the console starts in is loaded first (its texts are a script of their own, but
// English): the console opens in it, not in English for a moment.
void loadStartLanguage().then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
