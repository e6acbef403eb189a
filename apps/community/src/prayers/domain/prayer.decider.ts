import type { EventData, EventPayload, EventTypesOf } from '@abide/contracts';
import type { Decider, NewEvent } from '@abide/event-store';
import { GroupDenied } from '../../groups/domain/group-denied';

/** One prayer request as its stream tells it. */
export interface PrayerState {
  exists: boolean;
  removed: boolean;
  prayerId: string;
  groupId: string;
  authorId: string;
  prayedBy: Set<string>;
  answered: boolean;
  testimony: string | null;
  hidden: boolean;
}

export const prayerMessages = {
  notFound: 'This prayer request',
  authorOnly: 'Only the person who shared this prayer request can do this.',
} as const;

const initialPrayerState = (): PrayerState => ({
  exists: false,
  removed: false,
  prayerId: '',
  groupId: '',
  authorId: '',
  prayedBy: new Set(),
  answered: false,
  testimony: null,
  hidden: false,
});

type PrayerEvent = EventPayload<EventTypesOf<'community.prayer.'>>;

/** One event's effect on the request's state. */
const evolvePrayer = (s: PrayerState, event: PrayerEvent): PrayerState => {
  switch (event.type) {
    case 'community.prayer.posted':
      return { ...s, exists: true, prayerId: event.data.prayerId, groupId: event.data.groupId, authorId: event.data.authorId };
    case 'community.prayer.prayed':
      return { ...s, prayedBy: new Set(s.prayedBy).add(event.data.userId) };
    case 'community.prayer.answered':
      return { ...s, answered: true, testimony: event.data.testimony };
    case 'community.prayer.hidden':
      return { ...s, hidden: true };
    case 'community.prayer.removed':
      return { ...s, removed: true };
    default:
      return s;
  }
};

/** The prayer request aggregate for the command runner: its state is kept as a snapshot in the stream head. */
export const prayerDecider: Decider<PrayerState, EventTypesOf<'community.prayer.'>> = {
  name: 'prayer',
  initialState: initialPrayerState,
  evolve: evolvePrayer,
};

/** One new event, its data checked against its type's schema (the union cannot be built from a generic type without `as`). */
const ev = <T extends EventTypesOf<'community.prayer.'>>(type: T, data: EventData<T>, subjectId: string | null): NewEvent =>
  ({ type, data, subjectId }) as NewEvent;
const ids = (s: PrayerState) => ({ prayerId: s.prayerId, groupId: s.groupId });

/** The request must exist in this group and still be there; a hidden one only its author and the leaders reach. */
export const assertVisible = (s: PrayerState, groupId: string, viewer: { userId: string; leader: boolean }): void => {
  const visible = s.exists && !s.removed && s.groupId === groupId && (!s.hidden || viewer.leader || s.authorId === viewer.userId);
  if (!visible) throw new GroupDenied('not-found', prayerMessages.notFound);
};

export const decidePost = (
  s: PrayerState,
  p: { prayerId: string; groupId: string; authorId: string; text: string; anonymous: boolean },
): NewEvent[] =>
  // The author is the subject: their words are erased with their account.
  s.exists ? [] : [ev('community.prayer.posted', p, p.authorId)];

/** Praying again is not counted twice. */
export const decidePray = (s: PrayerState, userId: string): NewEvent[] =>
  s.prayedBy.has(userId) ? [] : [ev('community.prayer.prayed', { ...ids(s), userId }, s.authorId)];

export const decideAnswer = (s: PrayerState, userId: string, testimony: string): NewEvent[] => {
  if (s.authorId !== userId) throw new GroupDenied('forbidden', prayerMessages.authorOnly);
  if (s.answered && s.testimony === testimony) return [];
  return [ev('community.prayer.answered', { ...ids(s), authorId: userId, testimony }, userId)];
};

/** Leaders hide a request from the group (checked by the caller, who knows the group). */
export const decideHide = (s: PrayerState, by: string): NewEvent[] =>
  s.hidden ? [] : [ev('community.prayer.hidden', { ...ids(s), hiddenBy: by }, s.authorId)];

export const decideRemove = (s: PrayerState, by: string, options: { system?: boolean } = {}): NewEvent[] => {
  if (!options.system && s.authorId !== by) throw new GroupDenied('forbidden', prayerMessages.authorOnly);
  return s.removed ? [] : [ev('community.prayer.removed', { ...ids(s), removedBy: by }, s.authorId)];
};
