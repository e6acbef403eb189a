import type { NewEvent } from '@abide/event-store';
import { deciderSpec } from '@abide/event-store/src/testing/decider-specification';
import { type MemberCommand, memberDecider } from './member.decider';

const { given } = deciderSpec(memberDecider);
const userId = 'u1';
const onboarding = {
  userId,
  spiritualGoals: ['Deeper prayer life' as const],
  connectionPreferences: ['prayer' as const],
  reminderFrequency: 'daily',
  phoneNumber: null,
  timeZone: 'Europe/London',
};
const joined: NewEvent = { type: 'formation.member.joined', subjectId: userId, data: { userId, joinedAt: '2026-01-01T00:00:00Z' } };
const onboarded: NewEvent = { type: 'formation.member.onboarded', subjectId: userId, data: onboarding };
const deleted: NewEvent = { type: 'formation.member.deleted', subjectId: userId, data: { userId, deletedAt: '2026-01-01T00:00:00Z' } };
const contact = (name: string | null, email: string | null): NewEvent => ({
  type: 'formation.member.contact-changed',
  subjectId: userId,
  data: { userId, name, email },
});
const unsubscribed: NewEvent = {
  type: 'formation.member.email-unsubscribed',
  subjectId: userId,
  data: { userId, unsubscribedAt: '2026-01-02T00:00:00Z' },
};
const settings = (changes: Omit<Extract<MemberCommand, { type: 'ChangeMemberSettings' }>, 'type' | 'userId'>): MemberCommand => ({
  type: 'ChangeMemberSettings',
  userId,
  ...changes,
});
const unsubscribe: MemberCommand = { type: 'UnsubscribeEmail', userId, unsubscribedAt: '2026-01-02T00:00:00Z' };

describe('member decider', () => {
  it('joins with the contact on registration, and a second delivery decides nothing', () => {
    const register: MemberCommand = {
      type: 'RegisterMember',
      userId,
      joinedAt: '2026-01-01T00:00:00Z',
      name: 'Ruth',
      email: 'ruth@example.org',
    };
    given([])
      .when(register)
      .then([joined, contact('Ruth', 'ruth@example.org')]);
    given([joined, contact('Ruth', 'ruth@example.org')])
      .when(register)
      .thenNothing();
  });

  it('records the onboarding answers once', () => {
    const complete: MemberCommand = { type: 'CompleteOnboarding', userId, joinedAt: '2026-01-01T00:00:00Z', name: 'Ruth', onboarding };
    given([])
      .when(complete)
      .then([joined, contact('Ruth', null), onboarded]);
    given([joined, contact('Ruth', null), onboarded])
      .when(complete)
      .thenNothing();
  });

  it('records only the changed settings', () => {
    given([onboarded])
      .when(settings({ timeZone: 'Europe/London', reminderFrequency: 'weekly' }))
      .then([{ type: 'formation.member.settings-changed', subjectId: userId, data: { userId, reminderFrequency: 'weekly' } }]);
    given([onboarded])
      .when(settings({ timeZone: 'Europe/London' }))
      .thenNothing();
  });

  it('records rest days sorted and without repeats, and nothing when unchanged', () => {
    const restDays: NewEvent = { type: 'formation.member.rest-days-set', subjectId: userId, data: { userId, weekdays: [0, 6] } };
    given([])
      .when({ type: 'SetRestDays', userId, weekdays: [6, 0, 6] })
      .then([restDays]);
    given([restDays])
      .when({ type: 'SetRestDays', userId, weekdays: [0, 6] })
      .thenNothing();
  });

  it('decides nothing for a deleted member, whatever arrives late', () => {
    given([]).when({ type: 'DeleteMember', userId, deletedAt: '2026-01-01T00:00:00Z' }).then([deleted]);
    given([deleted]).when({ type: 'CompleteOnboarding', userId, joinedAt: '2026-01-01T00:00:00Z', name: 'Ruth', onboarding }).thenNothing();
    given([deleted])
      .when({ type: 'SetRestDays', userId, weekdays: [0] })
      .thenNothing();
    given([deleted]).when({ type: 'ChangeMemberContact', userId, name: 'Ruth' }).thenNothing();
    given([deleted]).when(unsubscribe).thenNothing();
  });

  it('records a new name and keeps the e-mail it knew, and nothing when the contact is unchanged', () => {
    const registered = [joined, contact('Ruth', 'ruth@example.org')];
    given(registered)
      .when({ type: 'ChangeMemberContact', userId, name: 'Ruth Moab' })
      .then([contact('Ruth Moab', 'ruth@example.org')]);
    given([...registered, contact('Ruth Moab', 'ruth@example.org')])
      .when({ type: 'ChangeMemberContact', userId, name: 'Ruth Moab' })
      .thenNothing();
  });

  it('turns e-mail reminders off once, and back on only when the member chooses e-mail again in settings', () => {
    given([joined]).when(unsubscribe).then([unsubscribed]);
    given([joined, unsubscribed]).when(unsubscribe).thenNothing();
    const smsOnly: NewEvent = {
      type: 'formation.member.settings-changed',
      subjectId: userId,
      data: { userId, channels: ['in-app', 'sms'] },
    };
    const emailAgain: NewEvent = {
      type: 'formation.member.settings-changed',
      subjectId: userId,
      data: { userId, channels: ['in-app', 'email'] },
    };
    // Unsubscribed still: a second link decides nothing; after e-mail was chosen again it turns reminders off anew.
    given([joined, unsubscribed, smsOnly]).when(unsubscribe).thenNothing();
    given([joined, unsubscribed, smsOnly, emailAgain]).when(unsubscribe).then([unsubscribed]);
  });

  it('ignores an unsubscribe link of a member it never knew', () => {
    given([]).when(unsubscribe).thenNothing();
  });

  it('moves a legacy contact only onto a member it knows', () => {
    const move: MemberCommand = {
      type: 'MoveLegacyContact',
      userId,
      name: 'Ruth',
      email: 'ruth@example.org',
      unsubscribedAt: '2026-01-02T00:00:00Z',
    };
    given([]).when(move).thenNothing();
    given([joined])
      .when(move)
      .then([contact('Ruth', 'ruth@example.org'), unsubscribed]);
  });

  it('keeps texts on from an opt-in until the opt-out of that number, each mirrored once', () => {
    const optIn = { userId, phoneNumber: '+12015550123', optedInAt: '2026-01-02T00:00:00Z', source: 'onboarding' } as const;
    const on: NewEvent = { type: 'formation.member.sms-opted-in', subjectId: userId, data: optIn };
    given([joined])
      .when({ type: 'OptInToSms', ...optIn })
      .then([on]);
    given([joined, on])
      .when({ type: 'OptInToSms', ...optIn })
      .thenNothing();

    const optOut = { userId, phoneNumber: '+12015550123', optedOutAt: '2026-01-03T00:00:00Z', source: 'reply' } as const;
    const off: NewEvent = { type: 'formation.member.sms-opted-out', subjectId: userId, data: optOut };
    given([joined, on])
      .when({ type: 'OptOutOfSms', ...optOut, phoneNumber: '+12015550999' })
      .thenNothing();
    given([joined, on])
      .when({ type: 'OptOutOfSms', ...optOut })
      .then([off]);
    given([joined, on, off])
      .when({ type: 'OptOutOfSms', ...optOut })
      .thenNothing();
  });

  it('mirrors community’s sharing choice per church: recorded when it changes, nothing for a repeat or a deleted member (#26)', () => {
    const share = (churchId: string, shares: boolean) => ({ type: 'SetChurchSharing' as const, userId: 'u1', churchId, shares });
    const changed = (churchId: string, shares: boolean): NewEvent => ({
      type: 'formation.member.church-sharing-changed',
      subjectId: 'u1',
      data: { userId: 'u1', churchId, shares },
    });
    given([joined]).when(share('c1', true)).then([changed('c1', true)]);
    given([joined]).when(share('c1', false)).thenNothing();
    given([joined, changed('c1', true)]).when(share('c1', true)).thenNothing();
    given([joined, changed('c1', true)]).when(share('c2', true)).then([changed('c2', true)]);
    given([joined, changed('c1', true)]).when(share('c1', false)).then([changed('c1', false)]);
    given([joined, { type: 'formation.member.deleted', subjectId: 'u1', data: { userId: 'u1', deletedAt: '2026-03-01T00:00:00.000Z' } }])
      .when(share('c1', true))
      .thenNothing();
  });
});
