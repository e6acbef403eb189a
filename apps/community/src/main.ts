import 'reflect-metadata';
import { bootstrapService, loadConfigOrExit } from '@abide/platform';
import { AppModule } from './app.module';
import { communityEnvSchema } from './config/env.schema';

const main = async (): Promise<void> => {
  const config = loadConfigOrExit('community', communityEnvSchema);
  await bootstrapService({ module: AppModule.forRoot(config), host: config.HOST, port: config.PORT });
};

void main();
