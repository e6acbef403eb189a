import type { ProblemDetails, Resource } from '@abide/contracts';
import { apiUrl, type ApiResponse, eventually, type UserSession } from './user-session';

/** Library uploads through the gateway, as the web app sends them (multipart). */

export interface UploadFile {
  name: string;
  data: Buffer;
  type?: string;
}

export const upload = async (
  session: UserSession,
  file: UploadFile | null,
  fields: Record<string, string | string[]> = {},
  extraFiles: UploadFile[] = [],
): Promise<ApiResponse<Resource & Omit<ProblemDetails, 'status'>>> => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) form.append(name, v);
  for (const f of [file, ...extraFiles])
    if (f) form.append('file', new Blob([new Uint8Array(f.data)], { type: f.type ?? 'application/octet-stream' }), f.name);
  const res = await fetch(`${apiUrl()}/api/uploads`, {
    method: 'POST',
    headers: { authorization: `Bearer ${session.token}`, 'x-forwarded-for': session.clientIp },
    body: form,
  });
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    body: (text ? JSON.parse(text) : undefined) as Resource & Omit<ProblemDetails, 'status'>,
  };
};

/** A complete public submission, for the fields a test does not care about. */
export const submission = (overrides: Record<string, string | string[]> = {}) => ({
  title: 'Walking in the Spirit',
  description: 'A short study for small groups',
  category: 'study',
  tags: ['Prayer', 'prayer', ' Discipleship '],
  termsAccepted: 'true',
  ...overrides,
});

export const txt = (text: string, name = 'notes.txt'): UploadFile => ({ name, data: Buffer.from(text, 'utf8'), type: 'text/plain' });

/** Waits until the resource reaches `status` as its owner sees it. */
export const settled = (owner: UserSession, id: string, status: Resource['status'], timeoutMs = 30_000) =>
  eventually(
    async () => {
      const res = await owner.get<Resource>(`/api/uploads/${id}`);
      return res.body.status === status ? res.body : undefined;
    },
    { timeoutMs },
  );
