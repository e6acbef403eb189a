import { connectionOptions, spiritualGoals } from '@abide/contracts';
import { type Authenticator, UserSession } from '@abide/testing';
import { newMember, type Member } from '../fixtures/new-member';

export interface SeededMember extends Member {
  session: UserSession;
  /** Their authenticator app, when they turned two-factor sign-in on (sign-in then asks for its code). */
  authenticator?: Authenticator;
}

/**
 * A confirmed member created through the API (UserSession signs up, confirms through the caught mail
 * and signs in), optionally with onboarding already done, so a spec starts where it means to. An onboarded member
 * answers onboarding's sharing question with yes unless `sharesProgress` says no (false) or leaves it (null) (the specs of leaders' figures
 * need members who share; sharing is off until a member says so, #26). A member not onboarded never chose.
 */
export async function seedMember({
  onboarded = true,
  sharesProgress = true,
}: { onboarded?: boolean; sharesProgress?: boolean | null } = {}): Promise<SeededMember> {
  const member = newMember();
  const session = await UserSession.signUp(member);
  if (onboarded) {
    const res = await session.post('/api/onboarding/complete', {
      name: member.name,
      spiritualGoals: [spiritualGoals[0]],
      connectionPreferences: [connectionOptions[1].id],
      reminderFrequency: 'daily',
      phoneNumber: '',
      timeZone: 'America/Chicago',
      // null: the member skipped the question (an older client), which leaves sharing off.
      ...(sharesProgress === null ? {} : { shareProgressWithGroups: sharesProgress }),
    });
    if (res.status !== 200) throw new Error(`onboarding failed: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return { ...member, session };
}
