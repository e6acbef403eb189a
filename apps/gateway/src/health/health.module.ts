import { Module } from '@nestjs/common';
import { ProxyModule } from '../proxy/proxy.module';
import { DownstreamHealth } from './downstream-health';

/** The gateway's readiness: the services behind it, each ready while one of its instances is. */
@Module({ imports: [ProxyModule], providers: [DownstreamHealth] })
export class HealthModule {}
