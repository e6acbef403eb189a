// Deep import: the barrel would bring every schema (zod) into the landing page's bundle (issue #12).
import { brandShades } from '@abide/contracts/src/church/church-rules';
import type { ThemeConfig } from 'antd';
import type { CSSProperties } from 'react';

/**
 * A church's colour as antd theme tokens over the app's theme: primary and link colours, and darker hover and
 * pressed shades (antd's own derive lighter ones, under which white text would fall below AA). The colour itself was
 * checked for contrast when the church saved it (checkBrandContrast).
 */
export const churchTheme = (base: ThemeConfig, color: string | null | undefined): ThemeConfig => {
  if (!color) return base;
  const { hover, active } = brandShades(color);
  return {
    ...base,
    token: {
      ...base.token,
      colorPrimary: color,
      colorInfo: color,
      colorLink: color,
      colorPrimaryHover: hover,
      colorPrimaryActive: active,
      colorLinkHover: hover,
      colorLinkActive: active,
    },
  };
};

/** The same colour for the frame's own (non-antd) parts, as CSS custom properties styles.css reads. */
export const churchFrameStyle = (color: string | null | undefined): CSSProperties | undefined =>
  color ? ({ '--church-primary': color, '--church-primary-hover': brandShades(color).hover } as CSSProperties) : undefined;
