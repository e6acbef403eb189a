import { spiritualGoals } from '@abide/contracts';
import type { SpiritualGoal } from './content-types';

// Short names for onboarding's goals, taken from the contract list itself so the content can never drift from it.
const [prayerLife, bibleReading, servingOthers, buildingCommunity, disciplines, discipleship] = spiritualGoals;

export const goal: Readonly<
  Record<'prayerLife' | 'bibleReading' | 'servingOthers' | 'buildingCommunity' | 'disciplines' | 'discipleship', SpiritualGoal>
> = {
  prayerLife,
  bibleReading,
  servingOthers,
  buildingCommunity,
  disciplines,
  discipleship,
};
