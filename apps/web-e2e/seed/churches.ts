import type { ChurchDetail, ChurchSummary } from '@abide/contracts';
import { apiUrl, eventually, type UserSession } from '@abide/testing';
import { randomUUID } from 'node:crypto';
import { shareAsChosen } from './groups';

/** Churches created through the API, so a browser spec starts from the state it describes. */

export const uniqueSlug = (label: string): string => `${label}-${randomUUID().slice(0, 8)}`;

export async function seedChurch(admin: UserSession, overrides: Partial<{ name: string; slug: string; primaryColor: string; welcome: string }> = {}) {
  const res = await admin.post<ChurchSummary>('/api/churches', {
    name: 'Grace Fellowship',
    slug: uniqueSlug('grace'),
    primaryColor: '#7c2d12',
    welcome: 'Sunday worship at 10:00. Small groups meet through the week.',
    timeZone: 'America/Chicago',
    ...overrides,
  });
  if (res.status !== 201) throw new Error(`church not created: ${res.status} ${JSON.stringify(res.body)}`);
  await shareAsChosen(admin, 'churches', res.body.id);
  return res.body;
}

export async function joinCodeOf(admin: UserSession, churchId: string): Promise<string> {
  return (await admin.get<ChurchDetail>(`/api/churches/${churchId}`)).body.joinCode!;
}

export async function joinChurch(member: UserSession, code: string): Promise<void> {
  const res = await member.post<ChurchSummary>('/api/churches/join', { code });
  if (res.status !== 200) throw new Error(`join failed: ${res.status} ${JSON.stringify(res.body)}`);
  await shareAsChosen(member, 'churches', res.body.id);
}

/** The church's logo, once the library knows the admin (it learns it from community's events). */
export async function seedLogo(admin: UserSession, churchId: string, svg: string): Promise<string> {
  return eventually(async () => {
    const form = new FormData();
    form.append('file', new Blob([svg], { type: 'image/svg+xml' }), 'logo.svg');
    const res = await fetch(`${apiUrl()}/api/logos/${churchId}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${admin.token}`, 'x-forwarded-for': admin.clientIp },
      body: form,
    });
    return res.status === 200 ? ((await res.json()) as { logoUrl: string }).logoUrl : undefined;
  });
}

export const logoSvg = (color: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${color}"/><path d="M32 10v44M20 24h24" stroke="#fff" stroke-width="6" stroke-linecap="round"/></svg>`;

/**
 * Join notices from the church to people who already have accounts (`/invitations/{id}`), made as a church admin
 * makes them: by importing a list. The admin's session must have passed two-factor sign-in (imports ask for it).
 */
export async function seedJoinInvitations(admin: UserSession, churchId: string, people: ReadonlyArray<{ name: string; email: string }>): Promise<string[]> {
  const form = new FormData();
  const csv = ['name,email', ...people.map((p) => `${p.name},${p.email}`)].join('\n');
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'members.csv');
  const res = await fetch(`${apiUrl()}/api/member-imports?churchId=${encodeURIComponent(churchId)}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin.token}`, 'x-forwarded-for': admin.clientIp },
    body: form,
  });
  if (res.status !== 202) throw new Error(`import not started: ${res.status} ${await res.text()}`);
  const { id } = (await res.json()) as { id: string };
  return eventually(
    async () => {
      const rows = (await admin.get<{ items: Array<{ invitation: { id: string } | null }> }>(`/api/member-imports/${id}/rows?pageSize=200`)).body.items;
      const ids = rows.flatMap((r) => (r.invitation ? [r.invitation.id] : []));
      return ids.length === people.length ? ids : undefined;
    },
    { timeoutMs: 60_000 },
  );
}
