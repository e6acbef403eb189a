#!/usr/bin/env node
// node tools/infra/cli.mjs up [--only kafka,mongo,minio,redis,smtp] [--quiet] | down [--only …] | status [--json] | env
import { up, down, status, formatStatus, engineEnv, cacheDir } from './engines.mjs';

const USAGE = `usage: node tools/infra/cli.mjs <command> [options]

  up [--only kafka,mongo,minio,redis,smtp] [--quiet] [--timeout <seconds>]
                 provision (first time) and start the engines on 127.0.0.1
  down [--only …]  stop the engines started by up (external Redis is left alone)
  status [--json]  engine, version, pid, ports, up/down, log path
  env              print the env vars the apps use (shell format)

cache: ${cacheDir()}  (set ABIDE_CACHE_DIR to change)`;

function parse(argv) {
  const opts = { _: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--json') opts.json = true;
    else if (a === '--quiet' || a === '-q') opts.quiet = true;
    else if (a === '--only') opts.only = argv[++i];
    else if (a.startsWith('--only=')) opts.only = a.slice(7);
    else if (a === '--timeout') opts.timeout = Number(argv[++i]);
    else if (a.startsWith('--timeout=')) opts.timeout = Number(a.slice(10));
    else if (a === '-h' || a === '--help') opts.help = true;
    else opts._.push(a);
  }
  return opts;
}

async function main() {
  const opts = parse(process.argv.slice(2));
  const cmd = opts._[0];
  if (opts.help || !cmd) {
    console.log(USAGE);
    return cmd || opts.help ? 0 : 2;
  }
  switch (cmd) {
    case 'up': {
      const res = await up({
        only: opts.only,
        quiet: opts.quiet,
        timeoutMs: opts.timeout ? opts.timeout * 1000 : undefined,
      });
      if (!opts.quiet) console.log(`\n${formatStatus(res.status)}`);
      return 0;
    }
    case 'down':
      await down({ only: opts.only, quiet: opts.quiet });
      return 0;
    case 'status': {
      const rows = await status({ engines: opts.only });
      if (opts.json) console.log(JSON.stringify({ cacheDir: cacheDir(), engines: rows }, null, 2));
      else console.log(formatStatus(rows));
      return 0;
    }
    case 'env':
      for (const [k, v] of Object.entries(engineEnv)) console.log(`export ${k}=${JSON.stringify(v)}`);
      return 0;
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
