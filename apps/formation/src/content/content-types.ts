import type { ConnectionId, moods, spiritualGoals } from '@abide/contracts';

/** One of onboarding's spiritual goals, exactly as onboarding stores it. */
export type SpiritualGoal = (typeof spiritualGoals)[number];
export type Mood = (typeof moods)[number];
export type { ConnectionId };

export interface Theme {
  id: string;
  title: string;
  /** One or two sentences shown under 'Theme: …' on My Plan. */
  description: string;
  /** Canonical references ('Psalm 23:1-3'); the first is the week's anchor passage. */
  scriptures: readonly string[];
  /** The goals and connection preferences this theme speaks to most; used to weight the choice. */
  goals: readonly SpiritualGoal[];
  connections: readonly ConnectionId[];
}

export interface Activity {
  id: string;
  name: string;
  description: string;
  /** As shown in the plan, e.g. '15 min'. */
  duration: string;
  connections: readonly ConnectionId[];
  goals: readonly SpiritualGoal[];
  /** Themes the activity fits especially well; it is favoured in those weeks. */
  themes?: readonly string[];
}

export interface JournalPrompt {
  id: string;
  text: string;
  themes: readonly string[];
  moods: readonly Mood[];
}

export interface ReflectionScripture {
  reference: string;
  moods: readonly Mood[];
  themes: readonly string[];
  /** What an entry is about when this passage fits, e.g. 'worry and pressure' (completes 'Your reflection touches on …'). */
  topic: string;
  /** Lowercase words or phrases that suggest this passage; a trailing '*' matches any ending ('worr*': worry, worried). */
  keywords: readonly string[];
  /** Completes 'This passage fits because it …' in a reflection. */
  because: string;
  /** A gentle question to carry the reflection on. */
  invitation: string;
}
