import { Module } from '@nestjs/common';
import { ServiceClient } from './service-client';

/** Forwarding to the services' instances (the route table says which service a path belongs to). */
@Module({ providers: [ServiceClient], exports: [ServiceClient] })
export class ProxyModule {}
