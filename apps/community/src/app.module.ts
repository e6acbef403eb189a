import { DynamicModule, Module } from '@nestjs/common';
import { ServiceCoreModule } from '@abide/platform';
import type { CommunityConfig } from './config/env.schema';

/** The community service: groups and membership. Its features arrive with the community issue. */
@Module({})
export class AppModule {
  static forRoot(config: CommunityConfig): DynamicModule {
    return { module: AppModule, imports: [ServiceCoreModule.forRoot({ service: 'community', config })] };
  }
}
