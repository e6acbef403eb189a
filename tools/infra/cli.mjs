#!/usr/bin/env node
// node tools/infra/cli.mjs up [--only kafka,mongo,minio,redis,smtp,prometheus] [--quiet] | down [--only …] | status [--json] | env
//   | stop <engine> [--kill] | start <engine> | reset <engine>     [--offset N] [--run-root DIR] pick another instance
import { cacheDir, defaultInstance, engineInstance, formatStatus } from './engines.mjs';

const USAGE = `usage: node tools/infra/cli.mjs <command> [options]

  up [--only kafka,mongo,minio,redis,smtp,prometheus] [--quiet] [--timeout <seconds>]
                   provision (first time) and start the engines on 127.0.0.1
  down [--only …]  stop the engines started by up (external Redis is left alone)
  status [--json]  engine, version, pid, ports, up/down, log path
  env [--json]     print the env vars the apps use (shell format)
  stop <engine> [--kill]   stop one engine (--kill: SIGKILL its process group at once, like a crash)
  start <engine>           start one engine and wait until it is healthy (its data is kept)
  reset <engine>           kill one engine and delete its data: the next start is a brand-new engine

  --offset <n> --run-root <dir>   another instance: ports +n, run folders under <dir>
                                  (default: ABIDE_PORT_OFFSET=${defaultInstance.portOffset}, <cache>/run);
                                  such an instance starts prometheus only when --only names it
  --kafka-sasl-users <name:password,…>   with --run-root: Kafka's client port takes SASL (PLAIN, SCRAM-SHA-256/512)
                                  sign-ins of these users only (SCRAM users are set when its storage is first formatted)

cache: ${cacheDir()}  (set ABIDE_CACHE_DIR to change)`;

function parse(argv) {
  const opts = { _: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const [flag, inline] =
      a.startsWith('--') && a.includes('=') ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)] : [a, undefined];
    const value = () => inline ?? argv[++i];
    if (flag === '--json') opts.json = true;
    else if (flag === '--quiet' || flag === '-q') opts.quiet = true;
    else if (flag === '--kill') opts.kill = true;
    else if (flag === '--only') opts.only = value();
    else if (flag === '--timeout') opts.timeout = Number(value());
    else if (flag === '--offset') opts.offset = Number(value());
    else if (flag === '--run-root') opts.runRoot = value();
    else if (flag === '--kafka-sasl-users') opts.kafkaSaslUsers = value();
    else if (flag === '-h' || flag === '--help') opts.help = true;
    else opts._.push(a);
  }
  return opts;
}

async function main() {
  const opts = parse(process.argv.slice(2));
  const [cmd, engine] = opts._;
  if (opts.help || !cmd) {
    console.log(USAGE);
    return cmd || opts.help ? 0 : 2;
  }
  const custom = opts.offset !== undefined || opts.runRoot !== undefined;
  const kafkaSasl = opts.kafkaSaslUsers ? { users: opts.kafkaSaslUsers } : undefined;
  const inst = custom
    ? engineInstance({ portOffset: opts.offset ?? defaultInstance.portOffset, runRoot: opts.runRoot, kafkaSasl })
    : defaultInstance;
  if (kafkaSasl && !custom)
    throw new Error('--kafka-sasl-users needs --run-root (a private instance): the default instance stays without SASL');
  const quiet = opts.quiet;
  switch (cmd) {
    case 'up': {
      const res = await inst.up({ only: opts.only, quiet, timeoutMs: opts.timeout ? opts.timeout * 1000 : undefined });
      if (!quiet) console.log(`\n${formatStatus(res.status)}`);
      return 0;
    }
    case 'down':
      await inst.down({ only: opts.only, quiet });
      return 0;
    case 'status': {
      const rows = await inst.status({ engines: opts.only });
      if (opts.json)
        console.log(JSON.stringify({ cacheDir: cacheDir(), runRoot: inst.runRoot, portOffset: inst.portOffset, engines: rows }, null, 2));
      else console.log(formatStatus(rows));
      return 0;
    }
    case 'env':
      if (opts.json) console.log(JSON.stringify(inst.env, null, 2));
      else for (const [k, v] of Object.entries(inst.env)) console.log(`export ${k}=${JSON.stringify(v)}`);
      return 0;
    case 'stop':
    case 'start':
    case 'reset': {
      const res =
        cmd === 'stop'
          ? await inst.stop(engine, { signal: opts.kill ? 'SIGKILL' : 'SIGTERM', quiet })
          : cmd === 'start'
            ? await inst.start(engine, { quiet, timeoutMs: opts.timeout ? opts.timeout * 1000 : undefined })
            : await inst.reset(engine, { quiet });
      if (opts.json) console.log(JSON.stringify(res));
      return 0;
    }
    default:
      console.error(`unknown command: ${cmd}\n\n${USAGE}`);
      return 2;
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(`\n${err?.message ?? err}`);
    if (err?.name !== 'InfraError' && err?.stack) console.error(err.stack);
    process.exit(1);
  },
);
