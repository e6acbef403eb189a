import '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const REFRESH_COOKIE = 'abide_refresh';
/** The browser sees identity through the gateway, so the cookie is scoped to the gateway's auth routes. */
export const REFRESH_COOKIE_PATH = '/api/auth';

/** What the API document says about the cookie, on every route that sets it. */
export const refreshCookieNote = `Sets the refresh token in the \`${REFRESH_COOKIE}\` cookie (HttpOnly, SameSite=Strict, Path=${REFRESH_COOKIE_PATH}; Max-Age = what is left of the session).`;

const baseOptions = (secure: boolean) => ({ httpOnly: true, sameSite: 'strict' as const, path: REFRESH_COOKIE_PATH, secure });

/** Max-Age is what is left of the session's absolute lifetime, so the browser forgets it when the server would. */
export const setRefreshCookie = (reply: FastifyReply, token: string, absoluteExpiresAt: Date, secure: boolean): void => {
  const maxAge = Math.max(0, Math.floor((absoluteExpiresAt.getTime() - Date.now()) / 1000));
  void reply.setCookie(REFRESH_COOKIE, token, { ...baseOptions(secure), maxAge });
};

export const clearRefreshCookie = (reply: FastifyReply, secure: boolean): void => {
  void reply.clearCookie(REFRESH_COOKIE, baseOptions(secure));
};

export const refreshCookieOf = (request: FastifyRequest): string | undefined => request.cookies?.[REFRESH_COOKIE] || undefined;
