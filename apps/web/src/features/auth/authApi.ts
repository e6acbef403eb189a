// Deep imports of @abide/contracts on a member's first page: the barrel would build every schema of every service
// at load (zod), where this page needs a few (issue #12).
import type {
  CodeExchangeRequest,
  RecoverRequest,
  SessionResponse,
  SignInRequest,
  SignUpAccepted,
  SignUpWithConfirmation,
  User,
} from '@abide/contracts';
import { signUpAcceptedSchema } from '@abide/contracts/src/http/account.dto';
import { sessionResponseSchema, userSchema } from '@abide/contracts/src/http/auth.dto';
import { z } from 'zod';
import { baseApi } from '../../shared/api/baseApi';

/** Spec §9: the profile fetch is aborted after 10 s. */
export const PROFILE_FETCH_TIMEOUT_MS = 10_000;

const codeExchangeResponseSchema = sessionResponseSchema.extend({ flow: z.enum(['signup', 'recovery']) });
export type CodeExchangeResponse = z.infer<typeof codeExchangeResponseSchema>;

/** The identity endpoints; the AuthProvider calls them and turns the answers into session events. */
export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    signUp: build.mutation<SignUpAccepted, SignUpWithConfirmation>({
      query: (body) => ({ url: '/auth/sign-up', method: 'POST', body }),
      responseSchema: signUpAcceptedSchema,
    }),
    signIn: build.mutation<SessionResponse, SignInRequest>({
      query: (body) => ({ url: '/auth/sign-in', method: 'POST', body }),
      responseSchema: sessionResponseSchema,
    }),
    signOut: build.mutation<void, { scope: 'local' | 'global' }>({
      query: (body) => ({ url: '/auth/sign-out', method: 'POST', body }),
    }),
    exchangeCode: build.mutation<CodeExchangeResponse, CodeExchangeRequest>({
      query: (body) => ({ url: '/auth/token', method: 'POST', body }),
      responseSchema: codeExchangeResponseSchema,
    }),
    confirmEmail: build.mutation<{ confirmed: true }, { code: string }>({
      query: (body) => ({ url: '/auth/confirm', method: 'POST', body }),
    }),
    recover: build.mutation<unknown, RecoverRequest>({
      query: (body) => ({ url: '/auth/recover', method: 'POST', body }),
    }),
    setNewPassword: build.mutation<void, { password: string }>({
      query: (body) => ({ url: '/auth/password', method: 'POST', body }),
    }),
    me: build.mutation<User, void>({
      query: () => ({ url: '/auth/me', timeout: PROFILE_FETCH_TIMEOUT_MS }),
      responseSchema: userSchema,
    }),
    createProfile: build.mutation<User, { name: string }>({
      query: (body) => ({ url: '/auth/create-profile', method: 'POST', body }),
      responseSchema: userSchema,
    }),
  }),
});
