import { Module } from '@nestjs/common';
import { ProxyModule } from '../proxy/proxy.module';
import { ApiDocument } from './api-document';

/** The merged API document of every service (and the gateway's own live route), read from the services. */
@Module({ imports: [ProxyModule], providers: [ApiDocument], exports: [ApiDocument] })
export class DocsModule {}
