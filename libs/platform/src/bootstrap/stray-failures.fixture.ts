// A bootstrapped service whose routes let a failure escape, for process-guards.spec.ts (run as its own process).
import 'reflect-metadata';
import { Controller, Get, Module } from '@nestjs/common';
import { LoggingModule } from '../logging/logging.module';
import { bootstrapService } from './bootstrap-service';
import { startOrExit } from './process-guards';

@Controller()
class StrayController {
  @Get('ping')
  ping() {
    return { ok: true };
  }

  @Get('stray-rejection')
  strayRejection() {
    // Deliberately unawaited: the failure this fixture exists to let escape.
    // eslint-disable-next-line @typescript-eslint/no-floating-promises
    Promise.reject(new Error('a stray rejection'));
    return { ok: true };
  }

  @Get('stray-exception')
  strayException() {
    setImmediate(() => {
      throw new Error('a stray exception');
    });
    return { ok: true };
  }
}

@Module({ imports: [LoggingModule.forRoot('stray-fixture', 'info')], controllers: [StrayController] })
class StrayModule {}

startOrExit('stray-fixture', async () => {
  await bootstrapService({ module: StrayModule, host: '127.0.0.1', port: Number(process.env.PORT) });
  process.stdout.write('fixture listening\n');
});
