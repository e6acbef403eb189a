import { Body, Controller, Get, HttpCode, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { type AuthUser, CurrentUser, Public } from '@abide/auth';
import { metaOfRequest } from '@abide/event-store';
import {
  acceptedInvitationSchema,
  type AcceptedInvitation,
  acceptInvitationRequestSchema,
  invitationSessionSchema,
  type InvitationSession,
  type InvitationView,
  invitationViewSchema,
  openInvitationRequestSchema,
} from '@abide/contracts';
import { ApiProblems, createZodDto, CacheTags } from '@abide/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config/env.schema';
import { refreshCookieNote, setRefreshCookie } from '../shared/refresh-cookie';
import type { ImportContextDoc } from './import-records';
import { Invitations } from './invitations.service';

class OpenInvitationDto extends createZodDto(openInvitationRequestSchema) {}
class AcceptInvitationDto extends createZodDto(acceptInvitationRequestSchema) {}
class InvitationViewDto extends createZodDto(invitationViewSchema) {}
class InvitationSessionDto extends createZodDto(invitationSessionSchema) {}
class AcceptedInvitationDto extends createZodDto(acceptedInvitationSchema) {}

const churchOf = ({ church: { id, name, slug, primaryColor, logoUrl } }: ImportContextDoc) => ({ id, name, slug, primaryColor, logoUrl });

/** A church's personal invitations, as the invited person opens and accepts them (docs/member-imports.md). */
@ApiTags('member-imports')
@Controller('invitations')
export class InvitationsController {
  constructor(
    private readonly invitations: Invitations,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  @Public()
  @ApiOperation({ summary: 'What an invitation link is for (the token from the link): the church, the group, the name and address it was sent to.' })
  @ApiResponse({ status: 200, type: InvitationViewDto })
  @ApiProblems(400, 404, 409)
  @Post('open')
  @HttpCode(200)
  open(@Body() body: OpenInvitationDto): Promise<InvitationView> {
    return this.invitations.open(body.token);
  }

  @Public()
  @ApiOperation({
    summary: 'Accept an invitation as a new person: choose a name and password; the account is made, the church (and group) joined, and the person signed in.',
    description: `200: signed in. ${refreshCookieNote} 409 when the link was used, expired, withdrawn, or the address has an account meanwhile (sign in and accept).`,
  })
  @ApiResponse({ status: 200, type: InvitationSessionDto })
  @ApiProblems(400, 404, 409, 422)
  @Post('accept')
  @HttpCode(200)
  @CacheTags({ invalidates: ['MyChurches'] })
  async accept(@Body() body: AcceptInvitationDto, @Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<InvitationSession> {
    const { session, context } = await this.invitations.acceptNew(body.token, body.name, body.password, metaOfRequest(req));
    if (session.refreshToken) setRefreshCookie(reply, session.refreshToken, session.absoluteExpiresAt, this.config.COOKIE_SECURE);
    return { ...session.response, church: churchOf(context) };
  }

  @ApiBearerAuth()
  @ApiOperation({ summary: 'An invitation sent to the signed-in member’s account (a join notice): the church and group it is to.' })
  @ApiResponse({ status: 200, type: InvitationViewDto })
  @ApiProblems(401, 403, 404, 409)
  @Get(':id')
  get(@CurrentUser() caller: AuthUser, @Param('id') id: string): Promise<InvitationView> {
    return this.invitations.forMember(id, caller);
  }

  @ApiBearerAuth()
  @ApiOperation({ summary: 'Accept an invitation sent to the signed-in member’s account: they join the church (and the group it names).' })
  @ApiResponse({ status: 200, type: AcceptedInvitationDto })
  @ApiProblems(401, 403, 404, 409)
  @Post(':id/accept')
  @HttpCode(200)
  @CacheTags({ invalidates: ['MyChurches'] })
  async acceptAsMember(@CurrentUser() caller: AuthUser, @Param('id') id: string, @Req() req: FastifyRequest): Promise<AcceptedInvitation> {
    return { church: churchOf(await this.invitations.acceptAsMember(id, caller, metaOfRequest(req))) };
  }
}
