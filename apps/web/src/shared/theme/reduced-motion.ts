import type { ThemeConfig } from 'antd';
import { useSyncExternalStore } from 'react';

/** The member's system setting "reduce motion" (WCAG 2.3.3): antd's opening, closing and fading effects are then off. */
const QUERY = '(prefers-reduced-motion: reduce)';

const media = (): MediaQueryList | undefined => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(QUERY) : undefined);

const subscribe = (onChange: () => void) => {
  const list = media();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
};

/** True while the system asks for less motion; follows a change of the setting without a reload. */
export const usePrefersReducedMotion = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => media()?.matches ?? false,
    () => false,
  );

/** The theme with antd's motion switched off when `reduced`. */
export const withReducedMotion = (base: ThemeConfig, reduced: boolean): ThemeConfig =>
  reduced ? { ...base, token: { ...base.token, motion: false } } : base;
