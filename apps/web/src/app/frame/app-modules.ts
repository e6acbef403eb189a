import { preloadable } from '../../shared/lazy/preloadable';

/**
 * The parts of the app a visitor's landing page does without: antd's theme and toasts, and the signed-in frame.
 * Routes that need them load them together with their page (router.tsx), so a page never shows half-styled.
 */
export const antdShell = preloadable(() => import('./AntdShell'));
export const signedInFrame = preloadable(() => import('./SignedInFrame'));
