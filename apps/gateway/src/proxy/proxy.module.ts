import { Module } from '@nestjs/common';
import { portProvider } from '@abide/platform';
import { ServiceDocuments, ServiceForwarder, ServiceReadiness } from './proxy.port';
import { ServiceClient } from './service-client';

/** Forwarding to the services' instances (the route table says which service a path belongs to). */
@Module({
  providers: [
    ServiceClient,
    portProvider(ServiceForwarder, ServiceClient),
    portProvider(ServiceDocuments, ServiceClient),
    portProvider(ServiceReadiness, ServiceClient),
  ],
  exports: [ServiceForwarder, ServiceDocuments, ServiceReadiness],
})
export class ProxyModule {}
