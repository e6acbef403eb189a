import type { FetchArgs } from '@reduxjs/toolkit/query';
import type { CodeExchangeResponseDto } from '../../shared/api/generated/abideApi';
import { authEndpoints } from '../../shared/api/generated/endpoints/auth';

/** The profile fetch is aborted after 10 s. */
export const PROFILE_FETCH_TIMEOUT_MS = 10_000;

export type CodeExchangeResponse = CodeExchangeResponseDto;

/** The identity endpoints; the AuthProvider calls them and turns the answers into session events. */
export const authApi = authEndpoints.enhanceEndpoints({
  endpoints: {
    accountsMe: (definition) => {
      const request = definition.query!;
      definition.query = (arg) => ({ ...(request(arg) as FetchArgs), timeout: PROFILE_FETCH_TIMEOUT_MS });
    },
  },
});
