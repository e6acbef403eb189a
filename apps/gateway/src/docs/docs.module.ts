import { Module } from '@nestjs/common';
import { portProvider } from '@abide/platform';
import { ProxyModule } from '../proxy/proxy.module';
import { ApiDocument } from './api-document';
import { DocumentedRoutes } from './docs.port';

/** The merged API document of every service (and the gateway's own live route), read from the services. */
@Module({
  imports: [ProxyModule],
  providers: [ApiDocument, portProvider(DocumentedRoutes, ApiDocument)],
  exports: [DocumentedRoutes],
})
export class DocsModule {}
