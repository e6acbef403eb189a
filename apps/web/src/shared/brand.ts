/** Spec §1: the login tagline; also the one-line promise on the landing page. */
export const TAGLINE = 'Grow closer to Jesus — personally, daily and digitally.';
export const HIGHLIGHTS = ['Personalized Plans', 'Track Progress', 'Join Community'] as const;
