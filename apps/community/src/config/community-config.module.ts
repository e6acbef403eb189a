import { DynamicModule, Global, Module } from '@nestjs/common';
import { CLOCK, type Clock } from './clock';
import { COMMUNITY_CONFIG, type CommunityConfig } from './env.schema';

/** The validated configuration and the clock, injectable everywhere in community (tests replace the clock). */
@Global()
@Module({})
export class CommunityConfigModule {
  static forRoot(config: CommunityConfig, clock: Clock = () => new Date()): DynamicModule {
    return {
      module: CommunityConfigModule,
      providers: [
        { provide: COMMUNITY_CONFIG, useValue: config },
        { provide: CLOCK, useValue: clock },
      ],
      exports: [COMMUNITY_CONFIG, CLOCK],
    };
  }
}
