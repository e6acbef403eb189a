import { authEndpoints } from '../../shared/api/generated/endpoints/auth';

/**
 * Settings' two-factor sign-in: its status, starting an enrolment, new recovery codes, turning it off. Confirming an
 * enrolment goes through the auth provider (it changes the session: MFA_CHALLENGE_VERIFIED), which then refetches the status.
 */
export const twoFactorApi = authEndpoints;

export const { useTwoFactorStatusQuery, useTwoFactorStartMutation, useTwoFactorRenewMutation, useTwoFactorDisableMutation } = twoFactorApi;
