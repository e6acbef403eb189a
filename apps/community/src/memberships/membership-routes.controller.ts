import { applyDecorators, Delete, Get, HttpCode, Param, Post, Req, type Type } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, type ApiResponseOptions } from '@nestjs/swagger';
import { type AuthUser, CurrentUser } from '@abide/auth';
import type { CacheTag } from '@abide/contracts';
import { metaOfRequest } from '@abide/event-store';
import { ApiProblems, CacheTags } from '@abide/platform';
import type { FastifyRequest } from 'fastify';
import type { MembershipKind, RoleOf } from './domain/membership';
import { MembershipChanges, MembershipRosters, type NamedMember, type NamedRequest } from './memberships.port';

/** A route's words in the API document and the web app's cache tags it provides (a read) or makes stale (a write). */
interface Described {
  summary: string;
}
type Read = Described & { provides: CacheTag[] };
type Write = Described & { invalidates: CacheTag[] };

/**
 * What differs between a group's and a church's membership routes: only how the API document and the web app's cache
 * read them. The paths, the checks (in MembershipChanges and MembershipRosters) and the calls are the same.
 */
export interface MembershipRoutesOf<K extends MembershipKind> {
  kind: K;
  /**
   * Churches name the bearer scheme on each route (their public page needs none); groups name it once on the
   * controller, and naming it here too would list it twice in the document.
   */
  bearerOnEachRoute: boolean;
  /** The answers' DTOs: their class names are the document's schema names. */
  requestList: Type;
  memberList: Type;
  /** A group's withdrawal answers the group's summary (200), a church's nothing (204). */
  withdraw: Write & { answer: ApiResponseOptions & { status: 200 | 204 } };
  requests: Read;
  approve: Write;
  decline: Write;
  members: Read;
  remove: Write;
  leave: Write & { problems: number[] };
}

/**
 * The membership routes groups and churches both serve (withdraw, requests, approve, decline, members, remove, leave),
 * declared once: GroupsController and ChurchesController extend the class this builds from their description, so
 * their operation ids stay `groupsApprove`, `churchesApprove`… (controller and method name). Who may do what is
 * checked behind MembershipChanges and MembershipRosters, exactly as for any other caller of memberships.
 */
export const MembershipRoutes = <K extends MembershipKind, Withdrawn>(routes: MembershipRoutesOf<K>) => {
  const { kind, withdraw, requests, approve, decline, members, remove, leave } = routes;
  const requestList = { status: 200, type: routes.requestList } as const;

  /**
   * One route's decorators: the scheme (churches), its words, answer and problems in the document, its method and path,
   * its status (writes) and its cache tags.
   */
  const route = (
    verb: typeof Get,
    path: string,
    problems: number[],
    answer: ApiResponseOptions & { status: number },
    words: Read | Write,
  ) =>
    applyDecorators(
      ...(routes.bearerOnEachRoute ? [ApiBearerAuth()] : []),
      ApiOperation({ summary: words.summary }),
      ApiResponse(answer),
      ApiProblems(...problems),
      verb(path),
      ...(verb === Get ? [] : [HttpCode(answer.status)]),
      CacheTags('provides' in words ? { provides: words.provides } : { invalidates: words.invalidates }),
    );

  abstract class KindMembershipRoutes {
    constructor(
      protected readonly membershipCommands: MembershipChanges,
      protected readonly memberships: MembershipRosters,
    ) {}

    /** What a withdrawal answers (see `withdraw.answer`). */
    protected abstract withdrawn(callerId: string, id: string): Promise<Withdrawn>;

    @route(Delete, ':id/requests/mine', [401, 404], withdraw.answer, withdraw)
    async withdraw(@CurrentUser() caller: AuthUser, @Param('id') id: string, @Req() req: FastifyRequest): Promise<Withdrawn> {
      await this.membershipCommands.withdraw(kind, caller.id, id, metaOfRequest(req));
      return this.withdrawn(caller.id, id);
    }

    @route(Get, ':id/requests', [401, 403, 404], requestList, requests)
    requests(@CurrentUser() caller: AuthUser, @Param('id') id: string): Promise<NamedRequest[]> {
      return this.memberships.requests(kind, caller.id, id);
    }

    @route(Post, ':id/requests/:requestId/approve', [401, 403, 404, 409], requestList, approve)
    approve(@CurrentUser() caller: AuthUser, @Param('id') id: string, @Param('requestId') requestId: string, @Req() req: FastifyRequest) {
      return this.decide(caller, id, requestId, true, req);
    }

    @route(Post, ':id/requests/:requestId/decline', [401, 403, 404, 409], requestList, decline)
    decline(@CurrentUser() caller: AuthUser, @Param('id') id: string, @Param('requestId') requestId: string, @Req() req: FastifyRequest) {
      return this.decide(caller, id, requestId, false, req);
    }

    @route(Get, ':id/members', [401, 403, 404], { status: 200, type: routes.memberList }, members)
    members(@CurrentUser() caller: AuthUser, @Param('id') id: string): Promise<Array<NamedMember<RoleOf<K>>>> {
      return this.memberships.members(kind, caller.id, id);
    }

    @route(Delete, ':id/members/:userId', [401, 403, 404, 409], { status: 204, description: 'Removed' }, remove)
    async remove(@CurrentUser() caller: AuthUser, @Param('id') id: string, @Param('userId') userId: string, @Req() req: FastifyRequest) {
      await this.membershipCommands.remove(kind, caller.id, id, userId, metaOfRequest(req));
    }

    @route(Post, ':id/leave', leave.problems, { status: 204, description: 'Left' }, leave)
    async leave(@CurrentUser() caller: AuthUser, @Param('id') id: string, @Req() req: FastifyRequest): Promise<void> {
      await this.membershipCommands.leave(kind, caller.id, id, metaOfRequest(req));
    }

    /** Approve or decline, then the requests still waiting (what both routes answer). */
    private async decide(caller: AuthUser, id: string, requestId: string, approves: boolean, req: FastifyRequest): Promise<NamedRequest[]> {
      await this.membershipCommands.decide(kind, caller.id, id, requestId, approves, metaOfRequest(req));
      return this.memberships.requests(kind, caller.id, id);
    }
  }
  return KindMembershipRoutes;
};
