import { Module } from '@nestjs/common';
import { OneTimeCodes } from './one-time-codes.service';

/** The one-time codes behind e-mail links (sign-up confirmation, recovery): issued, and redeemed once with PKCE. */
@Module({ providers: [OneTimeCodes], exports: [OneTimeCodes] })
export class LinksModule {}
