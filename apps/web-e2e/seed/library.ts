import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { Resource } from '@abide/contracts';
import { apiUrl, eventually, type UserSession } from '@abide/testing';
import type { FixtureFile } from '../fixtures/library/files';
import { seedMember, type SeededMember } from './members';

/** Library data created through the API (multipart uploads, moderator decisions), so a spec starts where it means to. */

export interface ResourceSeed {
  file: FixtureFile;
  title: string;
  category: string;
  description?: string;
  tags?: string[];
  visibility?: 'public' | 'group' | 'private';
  draft?: boolean;
}

const repoRoot = path.resolve(__dirname, '..', '..', '..');

/** Grants a role with the operator command (`npm run roles`) on this test slot's identity database. */
export function grantRole(email: string, role: 'moderator' | 'admin'): void {
  const cli = spawnSync(process.execPath, ['tools/dev/roles.mjs', 'grant', role, email], {
    cwd: repoRoot,
    env: { ...process.env, ABIDE_PROFILE: 'test' },
    encoding: 'utf8',
  });
  if (cli.status !== 0) throw new Error(`roles grant failed (${cli.status}): ${cli.stderr || cli.stdout}`);
}

/**
 * A member granted a role who turned two-factor sign-in on, as the role requires (their `authenticator` gives the codes
 * for signing in); the session is refreshed so its token carries the role and says it passed two factors.
 */
export async function seedWithRole(role: 'moderator' | 'admin'): Promise<SeededMember> {
  const member = await seedMember();
  grantRole(member.email, role);
  await member.session.enableTwoFactor();
  if (!member.session.user.roles.includes(role)) throw new Error(`the ${role} role did not reach the token`);
  return { ...member, authenticator: member.session.authenticator };
}

/** A member who is also a moderator, with two-factor sign-in on. */
export const seedModerator = (): Promise<SeededMember> => seedWithRole('moderator');

/** POST /api/uploads as multipart, like the web form sends it. */
export async function uploadResource(session: UserSession, seed: ResourceSeed): Promise<Resource> {
  const body = new FormData();
  body.append('title', seed.title);
  body.append('description', seed.description ?? '');
  body.append('category', seed.category);
  for (const tag of seed.tags ?? []) body.append('tags', tag);
  body.append('targetAudience', 'all-levels');
  body.append('visibility', seed.visibility ?? 'public');
  body.append('termsAccepted', 'true');
  body.append('draft', seed.draft ? 'true' : 'false');
  body.append('file', new Blob([new Uint8Array(seed.file.buffer)], { type: seed.file.mimeType }), seed.file.name);
  const res = await fetch(`${apiUrl()}/api/uploads`, {
    method: 'POST',
    headers: { authorization: `Bearer ${session.token}`, 'x-forwarded-for': session.clientIp },
    body,
  });
  const text = await res.text();
  if (res.status !== 201) throw new Error(`upload refused: ${res.status} ${text}`);
  const created = JSON.parse(text) as Partial<Resource> & { id: string };
  return resourceOf(session, created.id);
}

export async function resourceOf(session: UserSession, id: string): Promise<Resource> {
  const res = await session.get<Resource>(`/api/uploads/${id}`);
  if (res.status !== 200) throw new Error(`resource ${id} not readable: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Waits for the processing job to move a resource out of 'processing'. */
export async function processed(session: UserSession, id: string, timeoutMs = 30_000): Promise<Resource> {
  return eventually(
    async () => {
      const resource = await resourceOf(session, id);
      return resource.status === 'processing' ? undefined : resource;
    },
    { timeoutMs, intervalMs: 300 },
  );
}

/** Waits until the moderator's queue holds the resource (the queue is a projection of library events). */
export async function queued(moderator: UserSession, id: string): Promise<void> {
  let last = '';
  try {
    await eventually(async () => {
      const res = await moderator.get<{ items: Array<{ id: string }> }>('/api/moderation/queue');
      last = `${res.status} ${JSON.stringify(res.body).slice(0, 300)}`;
      return res.status === 200 && res.body.items.some((item) => item.id === id) ? true : undefined;
    });
  } catch (error) {
    throw new Error(`resource ${id} never reached the review queue; last answer: ${last}`, { cause: error });
  }
}

export async function approve(moderator: UserSession, id: string): Promise<void> {
  await queued(moderator, id);
  const res = await moderator.post(`/api/moderation/resources/${id}/approve`);
  if (res.status >= 300) throw new Error(`approval failed: ${res.status} ${JSON.stringify(res.body)}`);
}

/** A public upload through processing and a moderator's approval: what the Library lists. */
export async function seedApprovedResource(uploader: UserSession, moderator: UserSession, seed: ResourceSeed): Promise<Resource> {
  const created = await uploadResource(uploader, seed);
  const afterProcessing = await processed(uploader, created.id);
  if (afterProcessing.status !== 'in-review')
    throw new Error(`expected in-review, got ${afterProcessing.status} (${afterProcessing.statusReason})`);
  await approve(moderator, created.id);
  return eventually(async () => {
    const resource = await resourceOf(uploader, created.id);
    return resource.status === 'approved' ? resource : undefined;
  });
}
