import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';

/** The library's moderation routes (being built). */
@ApiTags('moderation')
@Controller('moderation')
export class ModerationController {}
