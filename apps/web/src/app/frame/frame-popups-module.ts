import { preloadable } from '../../shared/lazy/preloadable';

/** The frame's menus and popovers (antd), loaded on the first hover, focus or tap of their trigger. */
export const framePopups = preloadable(() => import('./frame-popups'));

/** Starts loading them; a failure is left to the next try (the trigger still works once they arrive). */
export const preloadFramePopups = () => {
  framePopups.load().catch(() => undefined);
};
