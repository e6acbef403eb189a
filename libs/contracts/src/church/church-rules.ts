/**
 * The rules of a church's address, join code and colours: one copy, used by community (which enforces them) and
 * the web app (which hints at them as a person types). See docs/churches.md.
 */

export const SLUG_MIN = 3;
export const SLUG_MAX = 40;

/**
 * Words a church cannot take as its address: the web app's own routes and the API's words, so `/c/{slug}` never
 * looks like one of the product's own pages, and names that would mislead people.
 */
export const reservedSlugs: ReadonlySet<string> = new Set([
  'abide',
  'about',
  'account',
  'admin',
  'administrator',
  'api',
  'app',
  'assets',
  'auth',
  'c',
  'callback',
  'church',
  'churches',
  'dashboard',
  'discover',
  'docs',
  'download',
  'downloads',
  'groups',
  'habits',
  'health',
  'help',
  'home',
  'join',
  'journal',
  'library',
  'login',
  'logos',
  'logout',
  'me',
  'metrics',
  'mine',
  'moderation',
  'moderator',
  'my-uploads',
  'new',
  'null',
  'official',
  'onboarding',
  'ops',
  'plan',
  'privacy',
  'register',
  'root',
  'settings',
  'sign-in',
  'sign-up',
  'static',
  'support',
  'system',
  'terms',
  'undefined',
  'upload',
  'uploads',
  'www',
]);

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const slugMessages = {
  length: `Use ${SLUG_MIN} to ${SLUG_MAX} characters`,
  pattern: 'Use lowercase letters, digits and single hyphens (not at the start or end)',
  reserved: 'This address is reserved. Please choose another.',
  taken: 'This address is already taken by another church. Please choose another.',
} as const;

/** Why a slug cannot be used, or null when it can (uniqueness is the service's to check). */
export const slugProblem = (slug: string): string | null => {
  if (slug.length < SLUG_MIN || slug.length > SLUG_MAX) return slugMessages.length;
  if (!SLUG_PATTERN.test(slug)) return slugMessages.pattern;
  if (reservedSlugs.has(slug)) return slugMessages.reserved;
  return null;
};

/** A suggestion from a name: "St. Mark's Church" → "st-marks-church" (the member may change it). */
export const slugFromName = (name: string): string =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '');

/** Join codes use letters and digits no one confuses when reading them aloud or copying them (no 0/O, 1/I/L). */
export const JOIN_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const JOIN_CODE_LENGTH = 8;

/** What a person typed, as the code is stored: capitals, without spaces or hyphens. */
export const normaliseJoinCode = (input: string): string => input.toUpperCase().replace(/[\s-]/g, '');

export const isJoinCode = (code: string): boolean =>
  code.length === JOIN_CODE_LENGTH && [...code].every((ch) => JOIN_CODE_ALPHABET.includes(ch));

/** Shown in two halves, `ABCD-EFGH`, easier to read out. */
export const formatJoinCode = (code: string): string => `${code.slice(0, 4)}-${code.slice(4)}`;

/** A random code from `randomIndex` (a secure source of integers below the alphabet's length). */
export const newJoinCode = (randomIndex: (below: number) => number): string =>
  Array.from({ length: JOIN_CODE_LENGTH }, () => JOIN_CODE_ALPHABET[randomIndex(JOIN_CODE_ALPHABET.length)]).join('');

/**
 * The colours a church's primary colour meets in the app: white text on it (buttons, the header stripe) and the
 * colour itself as link text on white cards and on the page's background. WCAG AA asks 4.5:1 for normal text.
 */
export const BRAND_TEXT_ON_PRIMARY = '#ffffff';
export const BRAND_BACKGROUNDS = ['#ffffff', '#f6f7f4'] as const;
export const WCAG_AA_TEXT = 4.5;
export const DEFAULT_CHURCH_COLOR = '#0f766e';
const HEX_COLOR = /^#[0-9a-f]{6}$/;

export interface ContrastCheck {
  /** The lowest ratio of the pairs checked, rounded to two decimals. */
  ratio: number;
  ok: boolean;
  /** A sentence a person understands, naming the pair that fails; null when it passes. */
  message: string | null;
}

/** A `#rrggbb` colour's red, green and blue, 0–255. */
const channelsOf = (color: string): [number, number, number] => [
  parseInt(color.slice(1, 3), 16),
  parseInt(color.slice(3, 5), 16),
  parseInt(color.slice(5, 7), 16),
];

/** WCAG 2's relative luminance of a `#rrggbb` colour. */
const luminanceOf = (color: string): number => {
  const [r, g, b] = channelsOf(color).map((channel) => {
    const value = channel / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

/** WCAG 2's contrast ratio of two `#rrggbb` colours, 1 to 21. */
const contrastRatio = (a: string, b: string): number => {
  const [lighter, darker] = [luminanceOf(a), luminanceOf(b)].sort((x, y) => y - x);
  return (lighter + 0.05) / (darker + 0.05);
};

/** Checks a `#rrggbb` colour against the text colours it is used with. */
export const checkBrandContrast = (color: string): ContrastCheck => {
  const primary = color.toLowerCase();
  if (!HEX_COLOR.test(primary)) return { ratio: 0, ok: false, message: 'Use a colour like #0f766e' };
  const ratios = [BRAND_TEXT_ON_PRIMARY, ...BRAND_BACKGROUNDS].map((other) => contrastRatio(primary, other));
  const ratio = Math.floor(Math.min(...ratios) * 100) / 100;
  if (ratio >= WCAG_AA_TEXT) return { ratio, ok: true, message: null };
  return {
    ratio,
    ok: false,
    message: `This colour is too light for text: white text on it and links in it reach ${ratio.toFixed(2)}:1, and WCAG AA asks for at least ${WCAG_AA_TEXT}:1. Choose a darker shade.`,
  };
};

/**
 * Shades the app derives from a church's colour for hover and pressed states: darker, so white text on a hovered
 * button and a hovered link stay at least as readable as the colour itself.
 */
export const brandShades = (color: string): { hover: string; active: string } => ({
  hover: darken(color, 6),
  active: darken(color, 12),
});

/**
 * A `#rrggbb` colour with its HSL lightness lowered by `amount` percentage points. The arithmetic is @ctrl/tinycolor's
 * `darken` (which this replaced, to keep 7 kB of it off My Plan's first view), down to its quirks: saturation and
 * lightness cut to hundredths of a percent and the hue taken through degrees, so every church keeps the shades it
 * had (all 16.7 million colours matched tinycolor's when this was written; the spec keeps its answers for a few).
 */
const darken = (color: string, amount: number): string => {
  const [r, g, b] = channelsOf(color).map((channel) => channel / 255);
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const spread = max - min;
  const lightness = (max + min) / 2;
  let hue = 0;
  let saturation = 0;
  if (spread > 0) {
    saturation = lightness > 0.5 ? spread / (2 - max - min) : spread / (max + min);
    hue = (max === r ? (g - b) / spread + (g < b ? 6 : 0) : max === g ? (b - r) / spread + 2 : (r - g) / spread + 4) / 6;
  }
  const degrees = hue * 360;
  const h = Math.abs(degrees - 360) < 1e-6 ? 1 : (degrees % 360) / 360;
  const s = hundredthsOfPercent(saturation);
  const l = hundredthsOfPercent(Math.min(1, Math.max(0, lightness - amount / 100)));
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t: number): number => {
    const at = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
    if (at < 1 / 6) return p + (q - p) * (6 * at);
    if (at < 1 / 2) return q;
    if (at < 2 / 3) return p + (q - p) * (2 / 3 - at) * 6;
    return p;
  };
  const rgb = s === 0 ? [l, l, l] : [channel(h + 1 / 3), channel(h), channel(h - 1 / 3)];
  return `#${rgb
    .map((value) =>
      Math.round(value * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
};

/** A fraction (0–1) cut to hundredths of a percent, as tinycolor reads one back from its percentage. */
const hundredthsOfPercent = (fraction: number): number => {
  const percent = Math.trunc(Math.min(100, Math.max(0, fraction * 100)) * 100) / 100;
  return Math.abs(percent - 100) < 1e-6 ? 1 : (percent % 100) / 100;
};
