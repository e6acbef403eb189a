/// <reference types="vite-plugin-pwa/vanillajs" />
import { registerSW } from 'virtual:pwa-register';
import { updateWaiting } from './app-update';

/**
 * Registers the service worker (vite.config.ts, VitePWA). A new version installs in the background and waits: the app
 * offers "Reload to update" (UpdatePrompt) and never reloads by itself, so nobody loses what they were typing; a page
 * with unsaved work still asks before the reload (shared/forms/unsaved-changes.ts).
 */
export function startServiceWorker(): void {
  const update = registerSW({
    onNeedRefresh: () => updateWaiting(() => void update(true)),
    onRegisterError: (error: unknown) => console.error('Service worker registration failed', error),
  });
}
