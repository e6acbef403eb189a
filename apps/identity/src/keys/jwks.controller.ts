import { Controller, Get, Header } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Public } from '@abide/auth';
import { SigningKeysService } from './signing-keys.service';

@ApiExcludeController()
@Controller('.well-known')
export class JwksController {
  constructor(private readonly keys: SigningKeysService) {}

  @Public()
  @Get('jwks.json')
  @Header('cache-control', 'public, max-age=300')
  jwks() {
    return this.keys.jwks();
  }
}
