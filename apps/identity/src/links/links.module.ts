import { Module } from '@nestjs/common';
import { OneTimeCodes } from './one-time-codes.service';
import { portProvider } from '@abide/platform';
import { LinkCodes } from './links.port';

/** The one-time codes behind e-mail links (sign-up confirmation, recovery): issued, and redeemed once with PKCE. */
@Module({ providers: [OneTimeCodes, portProvider(LinkCodes, OneTimeCodes)], exports: [LinkCodes] })
export class LinksModule {}
