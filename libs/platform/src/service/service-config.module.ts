import { type DynamicModule, type InjectionToken, Module } from '@nestjs/common';

/**
 * A service's validated configuration under its token (`IDENTITY_CONFIG`, …), injectable in every feature module:
 * imported once, by the service's root module.
 */
@Module({})
export class ServiceConfigModule {
  static forRoot<T>(token: InjectionToken, config: T): DynamicModule {
    return { module: ServiceConfigModule, global: true, providers: [{ provide: token, useValue: config }], exports: [token] };
  }
}
