// `npm start`: engines, the five services and the web app, with demo data; prints the URL to open.
// Ctrl-C stops the services and the web app; the engines stay up for the next start (`npm run infra:down` stops them).
import path from 'node:path';
import { engineEnv, up } from '../infra/engines.mjs';
import { parseArgs } from 'node:util';
import { ports, replicaCount, repoRoot, startServices } from '../stack/services.mjs';
import { startWeb } from '../stack/web.mjs';
import { ensureSystemDeps } from '../setup/ensure-system-deps.mjs';
import { demoPhoneNumber, seedDemoData } from './seed-demo.mjs';

// `npm start -- --replicas 3` (or ABIDE_REPLICAS=3): three processes of every service behind the one gateway.
const { values: args } = parseArgs({ options: { replicas: { type: 'string' } } });
const replicas = replicaCount(args.replicas ?? process.env.ABIDE_REPLICAS);

const started = Date.now();
const say = (line) => process.stdout.write(`[abide ${Math.round((Date.now() - started) / 1000)}s] ${line}\n`);
const logDir = path.join(repoRoot, 'tmp', 'logs', 'dev');

ensureSystemDeps();
say('bringing up the engines (the first run provisions them; later runs reuse the cache)');
await up({ quiet: false });

say(replicas === 1 ? 'starting the services' : `starting the services, ${replicas} instances of each behind the gateway`);
// A service that exits is started again (1 s, doubling to 30 s), as a supervisor would in production.
const services = await startServices({ profile: 'dev', engineEnv, logDir, onProgress: say, restart: true, replicas });

say('starting the web app');
const web = await startWeb({ mode: 'dev', port: ports.dev.web, gatewayUrl: `http://127.0.0.1:${ports.dev.gateway}`, logDir });

say('loading demo data');
const demo = await seedDemoData(`http://127.0.0.1:${ports.dev.gateway}`, engineEnv.SMTP_WEB_URL, { smsApiUrl: engineEnv.SMS_API_URL });

process.stdout.write(`
  Abide is running.

    Open:        ${web.url}
    Demo member: ${demo.member.email} / ${demo.member.password}
    Moderator:   ${demo.moderator.email} / ${demo.moderator.password} (Review Queue), then a two-factor code:
                 \`npm run two-factor -- code\` prints it, or add the key ${demo.moderator.twoFactorKey} to an authenticator app
    API docs:    http://127.0.0.1:${ports.dev.gateway}/api/docs
    Mail inbox:  ${engineEnv.SMTP_WEB_URL}
    SMS inbox:   ${engineEnv.SMS_API_URL} (the demo member's texts: ${demoPhoneNumber})
    Prometheus:  ${engineEnv.PROMETHEUS_URL}
    Logs:        ${logDir}

  Press Ctrl-C to stop the services (engines keep running; \`npm run infra:down\` stops them).
`);

let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  say('stopping the web app and the services');
  await web.stop();
  await services.stop();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
