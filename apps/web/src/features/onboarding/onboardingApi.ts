import { userSchema } from '@abide/contracts';
import { abideApi } from '../../shared/api/generated/abideApi';

export const onboardingApi = abideApi.enhanceEndpoints({
  endpoints: { onboardingComplete: { responseSchema: userSchema } },
});

export const { useOnboardingCompleteMutation } = onboardingApi;
