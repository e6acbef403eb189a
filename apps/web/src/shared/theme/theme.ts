import type { ThemeConfig } from 'antd';
// antd's rules that belong to no component (links, motions, keyframes); each component's come with it (vite/antd-component-css.ts).
import 'virtual:antd-css/base.css';

/**
 * Calm and legible: deep teal on warm white; teal-700 on white is 5.5:1, above WCAG AA for text.
 * Zero-runtime: antd writes no component styles in the browser (they come from its static sheet, split by component at
 * build time so that a page loads only the rules of the components it uses); the tokens below reach it as CSS variables.
 */
export const theme: ThemeConfig = {
  zeroRuntime: true,
  token: {
    colorPrimary: '#0f766e',
    colorInfo: '#0f766e',
    colorLink: '#0f766e',
    colorSuccess: '#15803d',
    colorWarning: '#b45309',
    colorError: '#b91c1c',
    colorTextBase: '#1f2933',
    colorBgLayout: '#f6f7f4',
    // antd's default secondary text is ~3.3:1 on white; these keep captions at AA (about 6:1).
    colorTextSecondary: '#4b5563',
    colorTextDescription: '#56606b',
    colorTextTertiary: '#56606b',
    // A coloured Tag's text shade is darkened in styles.css: antd 6 derives its palettes from the seed colours alone.
    // antd derives these tints from the seed colours, and from our dark ones it gets grey-greens (#b4bfb6 behind
    // success text is 2.6:1): light tints of the same hues instead.
    colorSuccessBg: '#f0fdf4',
    colorSuccessBorder: '#bbf7d0',
    colorInfoBg: '#f0fdfa',
    colorInfoBorder: '#99f6e4',
    // These hovers darken rather than lighten, so text under the pointer stays at AA (the derived ones are 3.6:1 for
    // a teal link on the page, 4.3:1 for red on its tint).
    colorLinkHover: '#115e59',
    colorErrorHover: '#991b1b',
    // Placeholders, and the chosen value antd greys while a select is open: 4.8:1 instead of 1.6:1.
    colorTextPlaceholder: '#6b7280',
    borderRadius: 10,
    fontSize: 15,
    fontFamily: "'Inter', system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
    controlOutlineWidth: 3,
    // A busy button keeps its colours (white on teal at 65% is 2.8:1); its spinner says it is working.
    opacityLoading: 1,
  },
  components: {
    Card: { headerFontSize: 18 },
    Button: { fontWeight: 600, primaryShadow: 'none' },
  },
};
