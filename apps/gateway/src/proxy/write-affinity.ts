import { createHash } from 'node:crypto';

/**
 * Which instance of a service a write goes to (README "Replicas"). Every instance is right on its own (read models
 * are written by compare-and-set, streams guarded by their versions), but writes to one aggregate that arrive at
 * several instances at once race: each loser reads again and retries. So a write goes to the instance its key hashes
 * to: the group or church its path names (a shared stream many members write), else the signed-in member (their
 * boards, calendars and streams); the instance then takes those writes in turn (CommandRunner) and finds the documents
 * it wrote last still current.
 * Reads need no turn and stay round robin. An instance that is down hands its keys to the next in each key's order
 * (rendezvous hashing), and the others keep theirs; every gateway replica computes the same order.
 */

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Resources whose one stream many members write: the path's id is the key. */
const SHARED_AGGREGATE = /^\/(groups|churches)\/([^/?#]+)/;

/**
 * The member a bearer token names (its `sub`), read without checking the signature: it only picks an instance, and
 * the instance checks the token before anything is done. Undefined for anything that is not a JWT.
 */
export const tokenSubject = (authorization: string | undefined): string | undefined => {
  const token = /^Bearer ([\w-]+)\.([\w-]+)\.[\w-]*$/i.exec(authorization ?? '');
  if (!token || token[2].length > 4096) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(token[2], 'base64url').toString('utf8')) as { sub?: unknown };
    return typeof claims.sub === 'string' && claims.sub.length <= 200 ? claims.sub : undefined;
  } catch {
    return undefined;
  }
};

/** The affinity key of a request to a service path, or undefined (any instance: reads, and writes with no member). */
export const writeAffinity = (method: string, servicePath: string, authorization: string | undefined): string | undefined => {
  if (SAFE_METHODS.has(method.toUpperCase())) return undefined;
  const shared = SHARED_AGGREGATE.exec(servicePath);
  if (shared) return `${shared[1]}/${shared[2]}`;
  const member = tokenSubject(authorization);
  return member === undefined ? undefined : `member/${member}`;
};

/** The instances in the order a key prefers them: each scored by a hash of the key and its URL, highest first. */
export const rendezvousOrder = <T extends { url: string }>(instances: readonly T[], key: string): T[] =>
  instances
    .map((instance) => ({ instance, score: createHash('sha256').update(`${key}\n${instance.url}`).digest().readUInt32BE(0) }))
    .sort((a, b) => b.score - a.score)
    .map(({ instance }) => instance);
