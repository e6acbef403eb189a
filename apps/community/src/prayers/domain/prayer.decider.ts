import type { EventData, EventPayload, EventTypesOf } from '@abide/contracts';
import type { NewEvent, SealedDecider, StoredEvent } from '@abide/event-store';
import { denied } from '../../shared/denied';

/** One prayer request as its stream tells it (a snapshot in the stream head: its testimony stays sealed). */
export interface PrayerState {
  exists: boolean;
  removed: boolean;
  prayerId: string;
  groupId: string;
  authorId: string;
  prayedBy: Set<string>;
  answered: boolean;
  sealedTestimony: string | null;
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
  sealedTestimony: null,
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
      return { ...s, answered: true, sealedTestimony: event.data.sealedTestimony };
    case 'community.prayer.hidden':
      return { ...s, hidden: true };
    case 'community.prayer.removed':
      return { ...s, removed: true };
    default:
      return s;
  }
};

type Posted = EventData<'community.prayer.posted'>;
type Answered = EventData<'community.prayer.answered'>;

/**
 * What a decision appends, the author's words still open: the commands seal `text` into `sealedText` and `testimony`
 * into `sealedTestimony` with the author's key.
 */
export type PrayerOutcome =
  | { type: 'community.prayer.posted'; data: Omit<Posted, 'sealedText'> & { text: string }; subjectId: string }
  | { type: 'community.prayer.answered'; data: Omit<Answered, 'sealedTestimony'> & { testimony: string }; subjectId: string }
  | NewEvent<'community.prayer.prayed' | 'community.prayer.hidden' | 'community.prayer.removed'>;

/** One new event, its data checked against its type's schema (the union cannot be built from a generic type without `as`). */
const ev = <T extends Exclude<PrayerOutcome['type'], 'community.prayer.posted' | 'community.prayer.answered'>>(
  type: T,
  data: EventData<T>,
  subjectId: string | null,
): PrayerOutcome => ({ type, data, subjectId }) as PrayerOutcome;
const ids = (s: PrayerState) => ({ prayerId: s.prayerId, groupId: s.groupId });

/** The request must exist in this group and still be there; a hidden one only its author and the leaders reach. */
const assertVisible = (s: PrayerState, groupId: string, viewer: { userId: string; leader: boolean }): void => {
  const visible = s.exists && !s.removed && s.groupId === groupId && (!s.hidden || viewer.leader || s.authorId === viewer.userId);
  if (!visible) throw denied.notFound(prayerMessages.notFound);
};

const decidePost = (
  s: PrayerState,
  p: { prayerId: string; groupId: string; authorId: string; text: string; anonymous: boolean },
): PrayerOutcome[] =>
  // The author is the subject: their words become unreadable with their account.
  s.exists ? [] : [{ type: 'community.prayer.posted', data: p, subjectId: p.authorId }];

/** Praying again is not counted twice. */
const decidePray = (s: PrayerState, userId: string): PrayerOutcome[] =>
  s.prayedBy.has(userId) ? [] : [ev('community.prayer.prayed', { ...ids(s), userId }, s.authorId)];

/** `current`: the testimony already given, opened (the state keeps it sealed); the same one again records nothing. */
const decideAnswer = (s: PrayerState, userId: string, testimony: string, current: string | null): PrayerOutcome[] => {
  if (s.authorId !== userId) throw denied.forbidden(prayerMessages.authorOnly);
  if (s.answered && current === testimony) return [];
  return [{ type: 'community.prayer.answered', data: { ...ids(s), authorId: userId, testimony }, subjectId: userId }];
};

/** Leaders hide a request from the group (checked by the caller, who knows the group). */
const decideHide = (s: PrayerState, by: string): PrayerOutcome[] =>
  s.hidden ? [] : [ev('community.prayer.hidden', { ...ids(s), hiddenBy: by }, s.authorId)];

const decideRemove = (s: PrayerState, by: string, options: { system?: boolean } = {}): PrayerOutcome[] => {
  if (!options.system && s.authorId !== by) throw denied.forbidden(prayerMessages.authorOnly);
  return s.removed ? [] : [ev('community.prayer.removed', { ...ids(s), removedBy: by }, s.authorId)];
};

/** Who asks, in the group the request is reached through: leaders see hidden requests (the service knows the group). */
interface Viewer {
  userId: string;
  leader: boolean;
}
type Reached = { prayerId: string; groupId: string; viewer: Viewer };

/** What members (and account deletion) can do with a prayer request. */
export type PrayerCommand =
  | { type: 'PostPrayer'; prayerId: string; groupId: string; authorId: string; text: string; anonymous: boolean }
  | ({ type: 'PrayFor' } & Reached)
  | ({ type: 'AnswerPrayer'; testimony: string } & Reached)
  | ({ type: 'HidePrayer' } & Reached)
  | ({ type: 'RemovePrayer' } & Reached)
  /** The author deleted their account: their requests leave the group (nothing to refuse). */
  | { type: 'RemoveAuthorsPrayer'; prayerId: string; authorId: string };

/** The state as decisions see it: the testimony already given opened (null when there is none, or it was not needed). */
export type OpenPrayerState = PrayerState & { testimony: string | null };

const decidePrayer = (c: PrayerCommand, s: OpenPrayerState): PrayerOutcome[] => {
  switch (c.type) {
    case 'PostPrayer':
      return decidePost(s, { prayerId: c.prayerId, groupId: c.groupId, authorId: c.authorId, text: c.text, anonymous: c.anonymous });
    case 'RemoveAuthorsPrayer':
      return s.exists && s.authorId === c.authorId ? decideRemove(s, 'system', { system: true }) : [];
  }
  assertVisible(s, c.groupId, c.viewer);
  switch (c.type) {
    case 'PrayFor':
      return decidePray(s, c.viewer.userId);
    case 'AnswerPrayer':
      return decideAnswer(s, c.viewer.userId, c.testimony, s.testimony);
    case 'HidePrayer':
      return decideHide(s, c.viewer.userId);
    case 'RemovePrayer':
      return decideRemove(s, c.viewer.userId);
  }
};

/**
 * The prayer request aggregate, one `prayer-<id>` stream per request: its state is kept as a snapshot in the stream
 * head with the testimony sealed (state version 2; older snapshots held it in the clear and are ignored). It decides
 * with the testimony opened and returns the author's words open; the command handler seals them (see Sealing).
 */
export const prayerDecider: SealedDecider<PrayerCommand, PrayerState, OpenPrayerState, PrayerOutcome> = {
  name: 'prayer',
  stateVersion: 2,
  initialState: initialPrayerState,
  evolve: (s, event) => evolvePrayer(s, event as PrayerEvent),
  decide: decidePrayer,
};

/** The same decisions over open words, as the specs give them (an answer's testimony is kept opened). */
export const openPrayerDecider = {
  initialState: (): OpenPrayerState => ({ ...initialPrayerState(), testimony: null }),
  evolve: (s: OpenPrayerState, event: StoredEvent): OpenPrayerState => {
    const outcome = event as unknown as PrayerOutcome;
    const next = evolvePrayer(s, { ...outcome, data: { ...outcome.data, sealedTestimony: 'sealed' } } as PrayerEvent);
    return { ...next, testimony: outcome.type === 'community.prayer.answered' ? outcome.data.testimony : s.testimony };
  },
  decide: decidePrayer,
};
