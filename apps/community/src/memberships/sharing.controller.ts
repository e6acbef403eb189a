import { Body, Controller, Get, Param, Put, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { type AuthUser, CurrentUser } from '@abide/auth';
import { type MySharing, mySharingSchema, setSharingRequestSchema } from '@abide/contracts';
import { metaOfRequest } from '@abide/event-store';
import { ApiProblems, createZodDto, CacheTags } from '@abide/platform';
import type { FastifyRequest } from 'fastify';
import { MemberSharing } from './member-sharing';

class MySharingDto extends createZodDto(mySharingSchema) {}
class SetSharingDto extends createZodDto(setSharingRequestSchema) {}

/**
 * The caller's own sharing choices, one per group and church they belong to (#26). Only the member changes theirs:
 * every route acts for the token's user, and a group or church they do not belong to is refused by its stream.
 */
@ApiTags('sharing')
@ApiBearerAuth()
@Controller('sharing')
export class SharingController {
  constructor(private readonly sharing: MemberSharing) {}

  @ApiOperation({ summary: 'The caller’s groups and churches, each with whether its leaders (or pastors) see the caller’s progress.' })
  @ApiResponse({ status: 200, type: MySharingDto })
  @ApiProblems(401)
  @Get()
  @CacheTags({ provides: ['MySharing'] })
  mine(@CurrentUser() caller: AuthUser): Promise<MySharing> {
    return this.sharing.mine(caller.id);
  }

  @ApiOperation({ summary: 'The same choice for every group and church the caller belongs to now (new memberships still ask).' })
  @ApiResponse({ status: 200, type: MySharingDto })
  @ApiProblems(400, 401)
  @Put()
  @CacheTags({ invalidates: ['MySharing'] })
  async all(@CurrentUser() caller: AuthUser, @Body() body: SetSharingDto, @Req() req: FastifyRequest): Promise<MySharing> {
    await this.sharing.setAll(caller.id, body.shares, metaOfRequest(req));
    return this.sharing.mine(caller.id);
  }

  @ApiOperation({ summary: 'Share (or stop sharing) the caller’s progress with one of their groups’ leaders.' })
  @ApiResponse({ status: 200, type: MySharingDto })
  @ApiProblems(400, 401, 403, 404)
  @Put('groups/:id')
  @CacheTags({ invalidates: ['MySharing'] })
  async group(@CurrentUser() caller: AuthUser, @Param('id') id: string, @Body() body: SetSharingDto, @Req() req: FastifyRequest): Promise<MySharing> {
    await this.sharing.setGroup(caller.id, id, body.shares, metaOfRequest(req));
    return this.sharing.mine(caller.id);
  }

  @ApiOperation({ summary: 'Share (or stop sharing) the caller’s progress with one of their churches’ pastors and admins.' })
  @ApiResponse({ status: 200, type: MySharingDto })
  @ApiProblems(400, 401, 403, 404)
  @Put('churches/:id')
  @CacheTags({ invalidates: ['MySharing'] })
  async church(@CurrentUser() caller: AuthUser, @Param('id') id: string, @Body() body: SetSharingDto, @Req() req: FastifyRequest): Promise<MySharing> {
    await this.sharing.setChurch(caller.id, id, body.shares, metaOfRequest(req));
    return this.sharing.mine(caller.id);
  }
}
