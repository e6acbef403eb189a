import type { ThemeConfig } from 'antd';

/** Calm and legible: deep teal on warm white; teal-700 on white is 5.5:1, above WCAG AA for text. */
export const theme: ThemeConfig = {
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
    borderRadius: 10,
    fontSize: 15,
    fontFamily:
      "'Inter', system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
    controlOutlineWidth: 3,
  },
  components: {
    Card: { headerFontSize: 18 },
    Button: { fontWeight: 600, primaryShadow: 'none' },
  },
};
