import { errorCodes } from '@abide/contracts';
import { deciderSpec } from '@abide/event-store/src/testing/decider-specification';
import { openPrayerDecider, type PrayerCommand, prayerMessages, type PrayerOutcome } from './prayer.decider';

const { given } = deciderSpec(openPrayerDecider);
const ids = { prayerId: 'p1', groupId: 'g1' };
const member = { userId: 'ann', leader: false };
const author = { userId: 'ruth', leader: false };
const leader = { userId: 'lead', leader: true };
const posted: PrayerOutcome = {
  type: 'community.prayer.posted',
  subjectId: 'ruth',
  data: { ...ids, authorId: 'ruth', text: 'For my mother', anonymous: false },
};
const hidden: PrayerOutcome = { type: 'community.prayer.hidden', subjectId: 'ruth', data: { ...ids, hiddenBy: 'lead' } };
const answered = (testimony: string): PrayerOutcome => ({
  type: 'community.prayer.answered',
  subjectId: 'ruth',
  data: { ...ids, authorId: 'ruth', testimony },
});
const answer = (testimony: string, viewer = author): PrayerCommand => ({ type: 'AnswerPrayer', ...ids, viewer, testimony });
/** On a posted request, `command` decides `event`, and nothing more once `event` is in the stream. */
const decidesOnce = (command: PrayerCommand, event: PrayerOutcome): void => {
  given([posted]).when(command).then([event]);
  given([posted, event]).when(command).thenNothing();
};

describe('prayer decider', () => {
  it('posts once, with the author as the subject', () => {
    const post: PrayerCommand = { type: 'PostPrayer', ...ids, authorId: 'ruth', text: 'For my mother', anonymous: false };
    given([]).when(post).then([posted]);
    given([posted]).when(post).thenNothing();
  });

  it('counts each member’s prayer once', () => {
    const prayed: PrayerOutcome = { type: 'community.prayer.prayed', subjectId: 'ruth', data: { ...ids, userId: 'ann' } };
    decidesOnce({ type: 'PrayFor', ...ids, viewer: member }, prayed);
  });

  it('answers a request reached through another group, or hidden from a member, as not found', () => {
    given([posted])
      .when({ type: 'PrayFor', prayerId: 'p1', groupId: 'g2', viewer: member })
      .thenThrows(errorCodes.notFound, `${prayerMessages.notFound} was not found.`);
    given([posted, hidden])
      .when({ type: 'PrayFor', ...ids, viewer: member })
      .thenThrows(errorCodes.notFound);
    given([posted, hidden])
      .when({ type: 'PrayFor', ...ids, viewer: leader })
      .thenMatches([{ type: 'community.prayer.prayed' }]);
  });

  it('lets only the author answer, and records the same testimony once', () => {
    given([posted])
      .when(answer('She is well'))
      .then([answered('She is well')]);
    given([posted]).when(answer('She is well', member)).thenThrows(errorCodes.forbidden, prayerMessages.authorOnly);
    given([posted, answered('She is well')])
      .when(answer('She is well'))
      .thenNothing();
    given([posted, answered('She is well')])
      .when(answer('She is home'))
      .then([answered('She is home')]);
  });

  it('lets only the author remove, and account deletion remove the author’s request without a refusal', () => {
    const removed = (by: string): PrayerOutcome => ({
      type: 'community.prayer.removed',
      subjectId: 'ruth',
      data: { ...ids, removedBy: by },
    });
    given([posted])
      .when({ type: 'RemovePrayer', ...ids, viewer: member })
      .thenThrows(errorCodes.forbidden, prayerMessages.authorOnly);
    given([posted])
      .when({ type: 'RemovePrayer', ...ids, viewer: author })
      .then([removed('ruth')]);
    given([posted])
      .when({ type: 'RemoveAuthorsPrayer', prayerId: 'p1', authorId: 'ruth' })
      .then([removed('system')]);
    given([posted]).when({ type: 'RemoveAuthorsPrayer', prayerId: 'p1', authorId: 'ann' }).thenNothing();
  });

  it('hides a request once, when a leader asks', () => {
    decidesOnce({ type: 'HidePrayer', ...ids, viewer: leader }, hidden);
  });

  it('answers a request never posted, or removed, as not found', () => {
    const removed: PrayerOutcome = { type: 'community.prayer.removed', subjectId: 'ruth', data: { ...ids, removedBy: 'ruth' } };
    given([])
      .when({ type: 'PrayFor', ...ids, viewer: member })
      .thenThrows(errorCodes.notFound, `${prayerMessages.notFound} was not found.`);
    given([posted, removed]).when(answer('She is well')).thenThrows(errorCodes.notFound);
    given([posted, removed])
      .when({ type: 'RemovePrayer', ...ids, viewer: author })
      .thenThrows(errorCodes.notFound);
    given([posted, removed]).when({ type: 'RemoveAuthorsPrayer', prayerId: 'p1', authorId: 'ruth' }).thenNothing();
  });
});
