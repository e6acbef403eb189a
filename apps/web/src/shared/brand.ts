/** The login tagline; also the one-line promise on the landing page. */
export const TAGLINE = 'Grow closer to Jesus — personally, daily and digitally.';
export const HIGHLIGHTS = ['Personalized Plans', 'Track Progress', 'Join Community'] as const;
export type Highlight = (typeof HIGHLIGHTS)[number];

export const HIGHLIGHT_DETAILS: Record<Highlight, string> = {
  'Personalized Plans': 'A weekly rhythm of prayer, Scripture and reflection shaped around your goals.',
  'Track Progress': 'Build daily habits and watch faithfulness grow, one day at a time.',
  'Join Community': 'Walk with others in small groups that pray and study together.',
};
