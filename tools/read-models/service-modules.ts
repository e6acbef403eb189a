import type { DynamicModule } from '@nestjs/common';
import type { z } from 'zod';

/** An event-sourced service's configuration schema and root module, loaded only when that service is asked for. */
export interface ServiceModule {
  schema: z.ZodTypeAny;
  module(config: never): DynamicModule;
}

export const eventSourcedServices = ['identity', 'formation', 'library', 'community'] as const;
export type EventSourcedService = (typeof eventSourcedServices)[number];

export const loadServiceModule = async (service: EventSourcedService): Promise<ServiceModule> => {
  switch (service) {
    case 'identity': {
      const [{ AppModule }, { identityEnvSchema }] = await Promise.all([
        import('../../apps/identity/src/app.module'),
        import('../../apps/identity/src/config/env.schema'),
      ]);
      return { schema: identityEnvSchema, module: (config) => AppModule.forRoot(config) };
    }
    case 'formation': {
      const [{ AppModule }, { formationEnvSchema }] = await Promise.all([
        import('../../apps/formation/src/app.module'),
        import('../../apps/formation/src/config/env.schema'),
      ]);
      return { schema: formationEnvSchema, module: (config) => AppModule.forRoot(config) };
    }
    case 'library': {
      const [{ AppModule }, { libraryEnvSchema }] = await Promise.all([
        import('../../apps/library/src/app.module'),
        import('../../apps/library/src/config/env.schema'),
      ]);
      return { schema: libraryEnvSchema, module: (config) => AppModule.forRoot(config) };
    }
    case 'community': {
      const [{ AppModule }, { communityEnvSchema }] = await Promise.all([
        import('../../apps/community/src/app.module'),
        import('../../apps/community/src/config/env.schema'),
      ]);
      return { schema: communityEnvSchema, module: (config) => AppModule.forRoot(config) };
    }
  }
};
