// A fault test waits out real outages (a 30 s Kafka stop, engine restarts); Jest's per-project testTimeout is not
// honoured, so it is set here for these files.
jest.setTimeout(300_000);
