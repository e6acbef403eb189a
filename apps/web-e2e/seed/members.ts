import { sessionResponseSchema, type SessionResponse, type SignUpRequest } from '@abide/contracts';
import { e2eEnv } from '../support/env';

/** Registers a member straight through the gateway, for tests whose subject is not sign-up itself. */
export async function registerMember(member: SignUpRequest): Promise<SessionResponse> {
  const response = await fetch(`${e2eEnv.apiUrl}/api/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(member),
  });
  if (!response.ok) throw new Error(`Seeding ${member.email} failed: ${response.status} ${await response.text()}`);
  return sessionResponseSchema.parse(await response.json());
}
