import { type EventEnvelope, type ProblemDetails, type Resource, topics } from '@abide/contracts';
import { KafkaPublisher } from '@abide/messaging';
import { apiUrl, type ApiResponse, eventually, UserSession } from '@abide/testing';
import { Client } from 'minio';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { v7 as uuidv7 } from 'uuid';

/** Helpers of the library's API tests: multipart uploads, the test buckets, moderators and community's events. */

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
  for (const f of [file, ...extraFiles]) if (f) form.append('file', new Blob([new Uint8Array(f.data)], { type: f.type ?? 'application/octet-stream' }), f.name);
  const res = await fetch(`${apiUrl()}/api/uploads`, {
    method: 'POST',
    headers: { authorization: `Bearer ${session.token}`, 'x-forwarded-for': session.clientIp },
    body: form,
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : undefined) as Resource & Omit<ProblemDetails, 'status'> };
};

/** A complete public submission (spec §5), for the fields a test does not care about. */
export const submission = (overrides: Record<string, string | string[]> = {}) => ({
  title: 'Walking in the Spirit',
  description: 'A short study for small groups',
  category: 'study',
  tags: ['Prayer', 'prayer', ' Discipleship '],
  termsAccepted: 'true',
  ...overrides,
});

export const txt = (text: string, name = 'notes.txt'): UploadFile => ({ name, data: Buffer.from(text, 'utf8'), type: 'text/plain' });

const namespace = () => (process.env.E2E_NAMESPACE ?? 'abide_test').replace(/_/g, '-');
export const buckets = { quarantine: () => `${namespace()}-quarantine`, store: () => `${namespace()}-library` };

export const objectStore = () =>
  new Client({
    endPoint: process.env.S3_ENDPOINT ?? '127.0.0.1',
    port: Number(process.env.S3_PORT ?? 9000),
    useSSL: process.env.S3_USE_SSL === 'true',
    accessKey: process.env.S3_ACCESS_KEY ?? 'abide',
    secretKey: process.env.S3_SECRET_KEY ?? 'abide-dev-secret',
    region: 'us-east-1',
  });

/** Every object key under the member's prefix (keys are `<ownerId>/<generated id>`). */
export const objectsOf = async (bucket: string, ownerId: string): Promise<string[]> => {
  const keys: string[] = [];
  for await (const item of objectStore().listObjectsV2(bucket, `${ownerId}/`, true)) if (item.name) keys.push(item.name);
  return keys;
};

/** Waits until the resource reaches `status` as its owner sees it. */
export const settled = (owner: UserSession, id: string, status: Resource['status']) =>
  eventually(
    async () => {
      const res = await owner.get<Resource>(`/api/uploads/${id}`);
      return res.body.status === status ? res.body : undefined;
    },
    { timeoutMs: 30_000 },
  );

/** A member with the moderator role, granted with the operator command as an operator would (effective at refresh). */
export const signUpModerator = async (name = 'Moderator Mary'): Promise<UserSession> => {
  const session = await UserSession.signUp({ name });
  const cli = spawnSync(process.execPath, ['tools/dev/roles.mjs', 'grant', 'moderator', session.email], {
    cwd: path.resolve(__dirname, '../../..'),
    env: { ...process.env, ABIDE_PROFILE: 'test' },
    encoding: 'utf8',
  });
  if (cli.status !== 0) throw new Error(`roles command failed: ${cli.stderr}`);
  await session.refresh();
  return session;
};

let publisher: KafkaPublisher | undefined;

/** Publishes one of community's group events, as the community service would. */
export const publishGroupEvent = async (type: string, groupId: string, data: Record<string, unknown>, version = 1): Promise<void> => {
  if (!publisher) {
    publisher = new KafkaPublisher({ clientId: `library-e2e-${uuidv7().slice(-8)}`, brokers: (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',') });
    await publisher.connect();
  }
  const envelope: EventEnvelope = {
    id: uuidv7(),
    type,
    schemaVersion: 1,
    streamId: `group-${groupId}`,
    version,
    occurredAt: new Date().toISOString(),
    subjectId: null,
    correlationId: uuidv7(),
    causationId: null,
    data: { groupId, ...data },
  };
  // The test stack's topics carry its namespace (KAFKA_TOPIC_PREFIX of the services).
  await publisher.publish(`${process.env.E2E_NAMESPACE ?? 'abide_test'}.${topics.communityGroup}`, [{ key: groupId, value: envelope }]);
};

export const closePublisher = async () => publisher?.disconnect();
