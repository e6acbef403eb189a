import type { LinkFlow } from './domain/one-time-code';

/** The web app's callback for e-mail links; the web app exchanges the code (with its PKCE verifier). */
export const callbackLink = (webBaseUrl: string, code: string, type: LinkFlow): string =>
  `${webBaseUrl}/auth/callback?${new URLSearchParams({ code, type }).toString()}`;
