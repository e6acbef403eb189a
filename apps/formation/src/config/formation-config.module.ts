import { DynamicModule, Global, Module } from '@nestjs/common';
import { CLOCK, type Clock } from './clock';
import { FORMATION_CONFIG, type FormationConfig } from './env.schema';

/** The validated configuration and the clock, injectable everywhere in formation (tests replace the clock). */
@Global()
@Module({})
export class FormationConfigModule {
  static forRoot(config: FormationConfig, clock: Clock = () => new Date()): DynamicModule {
    return {
      module: FormationConfigModule,
      providers: [
        { provide: FORMATION_CONFIG, useValue: config },
        { provide: CLOCK, useValue: clock },
      ],
      exports: [FORMATION_CONFIG, CLOCK],
    };
  }
}
