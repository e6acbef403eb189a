// Deep imports: the contracts barrel would build every service's schemas (issue #12).
import { recoveryCodesSchema, twoFactorEnrolmentSchema, twoFactorStatusSchema } from '@abide/contracts/src/http/two-factor.dto';
import { abideApi } from '../../shared/api/generated/abideApi';
import { checkedBy } from '../../shared/api/response-schema';

/**
 * Settings' two-factor sign-in: its status, starting an enrolment, new recovery codes, turning it off. Confirming an
 * enrolment goes through the auth provider (it changes the session: MFA_CHALLENGE_VERIFIED), which then refetches the status.
 */
export const twoFactorApi = abideApi.enhanceEndpoints({
  addTagTypes: ['TwoFactor'],
  endpoints: {
    twoFactorStatus: { responseSchema: checkedBy(twoFactorStatusSchema), providesTags: ['TwoFactor'] },
    twoFactorStart: { responseSchema: checkedBy(twoFactorEnrolmentSchema) },
    twoFactorRenew: { responseSchema: checkedBy(recoveryCodesSchema), invalidatesTags: ['TwoFactor'] },
    twoFactorDisable: { invalidatesTags: ['TwoFactor'] },
  },
});

export const { useTwoFactorStatusQuery, useTwoFactorStartMutation, useTwoFactorRenewMutation, useTwoFactorDisableMutation } = twoFactorApi;
