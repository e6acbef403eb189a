import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  type ChurchDetail,
  type ChurchGroupList,
  type ChurchMember,
  type ErrorCode,
  errorCodes,
  memberImportMessages,
} from '@abide/contracts';
import { DomainError, REQUEST_ID_HEADER } from '@abide/platform';
import type { FastifyRequest } from 'fastify';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config/env.schema';
import type { ImportChurch } from './import-records';

const TIMEOUT_MS = 10_000;

/** What an upload needs of its church: who it is, its groups (private ones included), and who belongs to it now. */
export interface ChurchForImport {
  church: ImportChurch;
  groups: Array<{ id: string; name: string }>;
  memberIds: string[];
}

/**
 * Asks community about a church on the caller's behalf (their own token): community owns churches and decides who
 * is an admin, so identity never keeps a copy of roles that could go stale. A member or an outsider gets community's
 * 403/404 as it is; community away is a 503 (nothing is started).
 */
@Injectable()
export class ChurchDirectory {
  private readonly logger = new Logger(ChurchDirectory.name);

  constructor(@Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig) {}

  /** The church, if the caller is one of its admins; refused (403) otherwise. */
  async adminsChurch(request: FastifyRequest, churchId: string): Promise<ChurchDetail> {
    const detail = await this.get<ChurchDetail>(request, `/churches/${encodeURIComponent(churchId)}`);
    if (detail.myRole !== 'admin') throw DomainError.forbidden(memberImportMessages.adminsOnly);
    return detail;
  }

  /** Everything an upload needs, asked as the admin. */
  async forImport(request: FastifyRequest, churchId: string): Promise<ChurchForImport> {
    const detail = await this.adminsChurch(request, churchId);
    const [groups, members] = await Promise.all([
      this.get<ChurchGroupList>(request, `/churches/${encodeURIComponent(churchId)}/groups`),
      this.get<ChurchMember[]>(request, `/churches/${encodeURIComponent(churchId)}/members`),
    ]);
    return {
      church: {
        id: detail.id,
        name: detail.name,
        slug: detail.slug,
        primaryColor: detail.primaryColor,
        logoUrl: detail.logoUrl,
        timeZone: detail.timeZone,
      },
      groups: groups.items.map((g) => ({ id: g.id, name: g.name })),
      memberIds: members.map((m) => m.userId),
    };
  }

  private async get<T>(request: FastifyRequest, path: string): Promise<T> {
    const headers: Record<string, string> = { [REQUEST_ID_HEADER]: String(request.id), accept: 'application/json' };
    if (request.headers.authorization) headers.authorization = request.headers.authorization;
    let response: Response;
    try {
      response = await fetch(new URL(path, this.config.COMMUNITY_URL), { headers, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (error) {
      const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
      this.logger.warn({ path, err: error }, 'community did not answer about a church');
      throw DomainError.upstream('community', timedOut);
    }
    const body = (await response.json().catch(() => ({}))) as T & { title?: string; detail?: string; code?: ErrorCode };
    if (response.status === 403) throw DomainError.forbidden(memberImportMessages.adminsOnly);
    if (response.status >= 400) {
      throw new DomainError(body.code ?? errorCodes.internal, response.status, body.title ?? 'Request failed', body.detail);
    }
    return body;
  }
}
