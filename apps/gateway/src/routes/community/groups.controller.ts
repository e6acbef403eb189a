import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';

/** Community's group routes (being built). */
@ApiTags('groups')
@Controller('groups')
export class GroupsController {}
