import { Logger } from '@nestjs/common';

// A fault test waits out real outages (a 30 s Kafka stop, engine restarts); Jest's per-project testTimeout is not
// honoured, so it is set here for these files.
jest.setTimeout(300_000);
// Library code used by the tests themselves (a Kafka publisher) logs through Nest's console logger: warnings only.
Logger.overrideLogger(['error', 'warn']);
