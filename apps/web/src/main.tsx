import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createAppStore } from './shared/store/store';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App store={createAppStore()} />
  </StrictMode>,
);

// The service worker (offline app shell, installable) registers once the page has loaded and the browser is idle, so
// neither it nor its precaching competes with the first paint. Production builds only, unless VITE_PWA_DEV=1 (vite.config.ts).
if ('serviceWorker' in navigator && (import.meta.env.PROD || import.meta.env.VITE_PWA_DEV === '1')) {
  const start = () => void import('./shared/offline/service-worker').then(({ startServiceWorker }) => startServiceWorker());
  const whenIdle = () => ('requestIdleCallback' in window ? requestIdleCallback(start, { timeout: 5000 }) : setTimeout(start, 1000));
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
