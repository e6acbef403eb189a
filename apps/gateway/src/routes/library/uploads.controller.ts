import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';

/** The library's upload routes (being built). */
@ApiTags('library')
@Controller('uploads')
export class UploadsController {}
