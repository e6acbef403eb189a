import 'reflect-metadata';
import { bootstrapService, loadConfigOrExit } from '@abide/platform';
import { AppModule } from './app.module';
import { libraryEnvSchema } from './config/env.schema';

const main = async (): Promise<void> => {
  const config = loadConfigOrExit('library', libraryEnvSchema);
  await bootstrapService({ module: AppModule.forRoot(config), host: config.HOST, port: config.PORT });
};

void main();
