import { sessionResponseSchema, type SessionResponse, type SignUpRequest } from '@abide/contracts';
import { baseApi } from '../../shared/api/baseApi';
import { sessionStarted } from './authSlice';

export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    signUp: build.mutation<SessionResponse, SignUpRequest>({
      query: (body) => ({ url: '/auth/sign-up', method: 'POST', body }),
      responseSchema: sessionResponseSchema,
      async onQueryStarted(_request, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(sessionStarted(data));
        } catch {
          // The form shows the failure; nothing to store.
        }
      },
    }),
  }),
});

export const { useSignUpMutation } = authApi;
