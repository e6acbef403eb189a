import type { NewEvent } from '@abide/event-store';
import { deciderSpec } from '@abide/event-store/src/testing/decider-specification';
import { type FactsAndEntry, journalFactsDecider, type PublishedFact } from './journal-facts.decider';

/** The decider with the entry as it is now held fixed: the fold moves only the published facts, as the handler's is. */
const withEntry = (entry: PublishedFact) =>
  deciderSpec({
    initialState: (): FactsAndEntry => ({ published: journalFactsDecider.initialState(), entry }),
    evolve: (state: FactsAndEntry, event) => ({ ...state, published: journalFactsDecider.evolve(state.published, event) }),
    decide: journalFactsDecider.decide,
  });

const publish = { type: 'PublishEntryFacts', entryId: 'e1', userId: 'ruth', entryVersion: 1 } as const;
const written = (localDate: string): NewEvent => ({
  type: 'formation.journal.entry-written',
  subjectId: 'ruth',
  data: { entryId: 'e1', userId: 'ruth', localDate },
});
const deleted = (localDate: string): NewEvent => ({
  type: 'formation.journal.entry-deleted',
  subjectId: 'ruth',
  data: { entryId: 'e1', userId: 'ruth', localDate },
});

describe('journal facts decider', () => {
  it('publishes a finished entry once, with its day, and nothing for a draft', () => {
    withEntry({ written: true, localDate: '2026-03-04' })
      .given([])
      .when(publish)
      .then([written('2026-03-04')]);
    withEntry({ written: true, localDate: '2026-03-04' })
      .given([written('2026-03-04')])
      .when(publish)
      .thenNothing();
    withEntry({ written: false }).given([]).when(publish).thenNothing();
  });

  it('publishes the deletion of a written entry on the day it was published for, once', () => {
    withEntry({ written: false })
      .given([written('2026-03-04')])
      .when(publish)
      .then([deleted('2026-03-04')]);
    withEntry({ written: false })
      .given([written('2026-03-04'), deleted('2026-03-04')])
      .when(publish)
      .thenNothing();
  });

  it('publishes an entry written again after its deletion', () => {
    withEntry({ written: true, localDate: '2026-03-05' })
      .given([written('2026-03-04'), deleted('2026-03-04')])
      .when(publish)
      .then([written('2026-03-05')]);
  });
});
