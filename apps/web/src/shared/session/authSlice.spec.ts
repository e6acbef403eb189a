import type { SessionResponse } from '@abide/contracts';
import { authSlice, sessionEvent } from './authSlice';

const user = {
  id: 'u1',
  email: 'ruth@example.com',
  name: 'Ruth',
  roles: ['user', 'moderator'],
  onboardingCompleted: true,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const sessionOf = (aal: SessionResponse['aal'], id = 'u1'): SessionResponse => ({
  accessToken: `token-${aal}`,
  expiresAt: '2026-11-25T10:15:00.000Z',
  aal,
  user: { ...user, id },
});

describe('the session events', () => {
  const reduce = authSlice.reducer;

  it('takes the aal2 session of MFA_CHALLENGE_VERIFIED, keeping the profile of the same member', () => {
    const signedIn = reduce(
      reduce(undefined, sessionEvent({ type: 'SIGNED_IN', session: sessionOf('aal1') })),
      authSlice.actions.profileLoaded(user),
    );

    const verified = reduce(signedIn, sessionEvent({ type: 'MFA_CHALLENGE_VERIFIED', session: sessionOf('aal2') }));

    expect(verified.session?.aal).toBe('aal2');
    expect(verified.session?.accessToken).toBe('token-aal2');
    expect(verified.profile).toEqual(user);
    expect(verified.lastEvent).toBe('MFA_CHALLENGE_VERIFIED');
  });

  it('forgets the profile when the verified session is another member’s', () => {
    const signedIn = reduce(
      reduce(undefined, sessionEvent({ type: 'SIGNED_IN', session: sessionOf('aal1') })),
      authSlice.actions.profileLoaded(user),
    );

    expect(reduce(signedIn, sessionEvent({ type: 'MFA_CHALLENGE_VERIFIED', session: sessionOf('aal2', 'u2') })).profile).toBeNull();
  });
});
