import { userSchema, type OnboardingRequest, type User } from '@abide/contracts';
import { baseApi } from '../../shared/api/baseApi';

export const onboardingApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    completeOnboarding: build.mutation<User, OnboardingRequest>({
      query: (body) => ({ url: '/onboarding/complete', method: 'POST', body }),
      responseSchema: userSchema,
    }),
  }),
});

export const { useCompleteOnboardingMutation } = onboardingApi;
