import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { loadStartLanguage } from './i18n/i18nProvider';

// The language the console starts in is loaded first (its texts are a script of their own, but
// English): the console opens in it, not in English for a moment.
void loadStartLanguage().then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
