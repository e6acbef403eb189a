import type { NewEvent, SealedDecider } from '@abide/event-store';
import type { LocalDate } from '@abide/calendar';

/** What an entry's fact stream has published last: written on a day, or nothing (never written, or deleted). */
export type PublishedFact = { written: true; localDate: LocalDate } | { written: false };

/** Bring an entry's published facts in line with the entry (after any change of it in the private log). */
export interface PublishEntryFacts {
  type: 'PublishEntryFacts';
  entryId: string;
  userId: string;
  /** The version of the entry's private stream whose change asks for this: the entry is read at least that far. */
  entryVersion: number;
}

/**
 * What the decision is made on: the facts published so far (the fact stream's state) and what the entry is now
 * (`publicFactOf` its state in the private log), read in the fact stream's turn and again on a lost race, so two saves
 * of one entry settle on the later state.
 */
export interface FactsAndEntry {
  published: PublishedFact;
  entry: PublishedFact;
}

const decidePublishing = (command: PublishEntryFacts, { published, entry }: FactsAndEntry): NewEvent[] => {
  const { entryId, userId } = command;
  if (entry.written && !published.written) {
    return [{ type: 'formation.journal.entry-written', data: { entryId, userId, localDate: entry.localDate }, subjectId: userId }];
  }
  if (!entry.written && published.written) {
    return [{ type: 'formation.journal.entry-deleted', data: { entryId, userId, localDate: published.localDate }, subjectId: userId }];
  }
  return [];
};

/**
 * An entry's published facts (`journal-{entryId}` in the relayed store): `entry-written` once it is finished,
 * `entry-deleted` once it is gone, never the text. Only the last fact matters; a decision that finds the facts already
 * matching the entry decides nothing, so replays never publish twice.
 */
export const journalFactsDecider: SealedDecider<PublishEntryFacts, PublishedFact, FactsAndEntry, NewEvent> = {
  name: 'journal-facts',
  initialState: () => ({ written: false }),
  evolve: (state, event) => {
    if (event.type === 'formation.journal.entry-written') return { written: true, localDate: event.data.localDate };
    if (event.type === 'formation.journal.entry-deleted') return { written: false };
    return state;
  },
  decide: decidePublishing,
};
