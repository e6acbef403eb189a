import { onboardingEndpoints } from '../../shared/api/generated/endpoints/onboarding';

export const onboardingApi = onboardingEndpoints;

export const { useOnboardingCompleteMutation } = onboardingApi;
