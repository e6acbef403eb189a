import { timingSafeEqual } from 'node:crypto';
import { hashOpaqueToken, newOpaqueToken } from '../../shared/opaque-token';

/**
 * An invitation link's token: `{invitationId}.{secret}`. The id finds the invitation by key; only the secret's SHA-256
 * is stored, so the link works only as sent, and a resend (a new secret) ends the link before it.
 */
export interface InvitationSecret {
  token: string;
  tokenHash: string;
}

export const newInvitationSecret = (invitationId: string): InvitationSecret => {
  const secret = newOpaqueToken();
  return { token: `${invitationId}.${secret}`, tokenHash: hashOpaqueToken(secret) };
};

/** The invitation a token names and its secret; the token's shape was checked by the request schema. */
export const parseInvitationToken = (token: string): { invitationId: string; secret: string } => {
  const dot = token.indexOf('.');
  return { invitationId: token.slice(0, dot), secret: token.slice(dot + 1) };
};

/** Whether the secret is the one whose hash the invitation keeps (compared in constant time). */
export const secretMatches = (tokenHash: string | null, secret: string): boolean => {
  if (!tokenHash) return false;
  const given = Buffer.from(hashOpaqueToken(secret), 'hex');
  const kept = Buffer.from(tokenHash, 'hex');
  return given.length === kept.length && timingSafeEqual(given, kept);
};

/** The link the e-mail and the text carry: the token in the fragment, which browsers never send to a server. */
export const invitationLink = (webBaseUrl: string, token: string): string => `${webBaseUrl}/invitation#${token}`;

/** Where an account holder accepts, signed in (the join notice's e-mail and bell link). */
export const joinNoticeLink = (webBaseUrl: string, invitationId: string): string => `${webBaseUrl}/invitations/${encodeURIComponent(invitationId)}`;
