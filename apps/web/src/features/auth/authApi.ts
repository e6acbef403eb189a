// Deep imports of @abide/contracts on a member's first page: the barrel would build every schema of every service
// at load (zod), where this page needs a few (issue #12).
import { signUpAcceptedSchema } from '@abide/contracts/src/http/account.dto';
import { sessionResponseSchema, userSchema } from '@abide/contracts/src/http/auth.dto';
import { recoveryCodesSchema, signInChallengeSchema } from '@abide/contracts/src/http/two-factor.dto';
import type { FetchArgs } from '@reduxjs/toolkit/query';
import { z } from 'zod';
import { abideApi, type CodeExchangeResponseDto } from '../../shared/api/generated/abideApi';
import { checkedBy } from '../../shared/api/response-schema';

/** The profile fetch is aborted after 10 s. */
export const PROFILE_FETCH_TIMEOUT_MS = 10_000;

export type CodeExchangeResponse = CodeExchangeResponseDto;
const flow = z.enum(['signup', 'recovery']);
const codeExchangeResponseSchema = z.union([sessionResponseSchema.extend({ flow }), signInChallengeSchema.extend({ flow })]);

/** The identity endpoints; the AuthProvider calls them and turns the answers into session events. */
export const authApi = abideApi.enhanceEndpoints({
  endpoints: {
    accountsSignUp: { responseSchema: checkedBy(signUpAcceptedSchema) },
    sessionsSignIn: { responseSchema: checkedBy(z.union([sessionResponseSchema, signInChallengeSchema])) },
    twoFactorVerify: { responseSchema: checkedBy(sessionResponseSchema) },
    twoFactorConfirm: { responseSchema: checkedBy(recoveryCodesSchema) },
    linksToken: { responseSchema: checkedBy(codeExchangeResponseSchema) },
    accountsMe: (definition) => {
      const request = definition.query!;
      definition.query = (arg) => ({ ...(request(arg) as FetchArgs), timeout: PROFILE_FETCH_TIMEOUT_MS });
      definition.responseSchema = checkedBy(userSchema);
    },
    accountsCreateProfile: { responseSchema: checkedBy(userSchema) },
  },
});
