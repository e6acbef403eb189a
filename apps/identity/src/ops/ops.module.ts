import { Module } from '@nestjs/common';
import { OpsController } from './ops.controller';
import { OpsServices } from './ops-services';
import { Prometheus } from './prometheus';

/** The operators' console: every service's health, failed jobs and dead letters, and the metrics, through identity. */
@Module({ controllers: [OpsController], providers: [OpsServices, Prometheus] })
export class OpsModule {}
