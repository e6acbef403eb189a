import { provisionTopics } from '@abide/messaging';
import { UserSession } from '@abide/testing';
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { faultEngines } from './fault-engines';

export type ServiceName = 'identity' | 'formation' | 'library' | 'community' | 'gateway';
export const SERVICES: ServiceName[] = ['identity', 'formation', 'library', 'community', 'gateway'];

const repoRoot = path.resolve(__dirname, '../../..');

export interface Readiness {
  httpStatus: number;
  status: 'ok' | 'degraded' | 'unavailable' | 'unreachable';
  checks: Record<string, { status: string; critical?: boolean; detail?: string }>;
}

/** Runs `body` in a child ES module with tools/stack/services.mjs imported (this file is compiled to CommonJS). */
const withServicesModule = (body: string, env: Record<string, string>): string => {
  const module = pathToFileURL(path.join(repoRoot, 'tools/stack/services.mjs')).href;
  const script = `const services = await import(${JSON.stringify(module)});\n${body}`;
  try {
    return execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    }).toString();
  } catch (error) {
    // The child's own message (e.g. which ports are taken), not Node's "Command failed" with the script.
    const stderr = String((error as { stderr?: Buffer }).stderr ?? '');
    throw new Error(/^Error: (.*)$/m.exec(stderr)?.[1] ?? stderr);
  }
};

/** Every service's environment from tools/stack/services.mjs (the one place it is defined), for this namespace. */
const servicesEnv = (namespace: string, engineEnv: Record<string, string>): Record<ServiceName, Record<string, string>> => {
  const out = withServicesModule(
    `const engineEnv = JSON.parse(process.env.ENGINE_ENV);
process.stdout.write(JSON.stringify(Object.fromEntries(services.serviceNames.map((n) => [n, services.serviceEnv(n, 'faults', engineEnv, { namespace: process.env.NAMESPACE })]))));`,
    { ENGINE_ENV: JSON.stringify(engineEnv), NAMESPACE: namespace },
  );
  return JSON.parse(out) as Record<ServiceName, Record<string, string>>;
};

/** The same check `npm start` and the e2e stack make: a service left from an earlier run must not answer for these. */
const assertPortsFree = (envs: Record<ServiceName, Record<string, string>>): void => {
  withServicesModule(`await services.assertPortsFree(JSON.parse(process.env.PORTS));`, {
    PORTS: JSON.stringify(SERVICES.map((name) => ({ name, port: envs[name].PORT }))),
  });
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The five services on the fault tests' private engines, under a namespace nobody used before (databases, topics,
 * consumer groups, Redis keys), each a child process the test can kill (SIGKILL) and start again.
 */
export class FaultStack {
  readonly namespace: string;
  readonly env: Record<ServiceName, Record<string, string>>;
  readonly logDir: string;
  private readonly children = new Map<ServiceName, ChildProcess>();

  private constructor(label: string, extraEnv: Record<string, string>) {
    this.namespace = `abide_faults_${label}_${randomBytes(3).toString('hex')}`;
    const engines = faultEngines();
    const envs = servicesEnv(this.namespace, engines.env);
    for (const name of SERVICES) envs[name] = { ...envs[name], ...extraEnv, LOG_LEVEL: 'info' };
    this.env = envs;
    this.logDir = path.join(repoRoot, 'tmp', 'logs', 'faults', this.namespace);
    mkdirSync(this.logDir, { recursive: true });
  }

  /** Starts the services (and, unless told otherwise, the topic provisioning), then waits until each is ready. */
  static async start(label: string, options: { provisionTopics?: boolean; waitReady?: boolean; env?: Record<string, string> } = {}) {
    const stack = new FaultStack(label, options.env ?? {});
    assertPortsFree(stack.env);
    // The API helpers of libs/testing (UserSession, mail) read these.
    process.env.E2E_API_URL = stack.url('gateway');
    process.env.E2E_SMTP_WEB_URL = faultEngines().env.SMTP_WEB_URL;
    for (const name of SERVICES) stack.startService(name);
    const topics = options.provisionTopics === false ? Promise.resolve() : stack.provisionTopics();
    if (options.waitReady !== false) await Promise.all([topics, stack.waitReady()]);
    return stack;
  }

  get prefix(): string {
    return this.env.formation.KAFKA_TOPIC_PREFIX;
  }

  get apiUrl(): string {
    return this.url('gateway');
  }

  url(name: ServiceName): string {
    return `http://127.0.0.1:${this.env[name].PORT}`;
  }

  /** The one topic-provisioning step (the same function npm start and compose run). */
  async provisionTopics(timeoutMs = 120_000): Promise<void> {
    await provisionTopics({ brokers: this.env.formation.KAFKA_BROKERS.split(','), prefix: this.prefix, timeoutMs });
  }

  startService(name: ServiceName): ChildProcess {
    const out = createWriteStream(path.join(this.logDir, `${name}.log`), { flags: 'a' });
    const child = spawn(process.execPath, ['-r', '@swc-node/register', `apps/${name}/src/main.ts`], {
      cwd: repoRoot,
      env: { ...process.env, ...this.env[name], SWC_NODE_PROJECT: path.join(repoRoot, 'tsconfig.json') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.pipe(out);
    child.stderr?.pipe(out);
    this.children.set(name, child);
    return child;
  }

  pid(name: ServiceName): number | undefined {
    return this.children.get(name)?.pid;
  }

  /** Whether the process is still running (a service must never exit on an engine failure). */
  isRunning(name: ServiceName): boolean {
    const child = this.children.get(name);
    return !!child && child.exitCode === null && child.signalCode === null;
  }

  exitCodes(): Partial<Record<ServiceName, number | string | null>> {
    return Object.fromEntries(
      SERVICES.filter((n) => !this.isRunning(n)).map((n) => [
        n,
        this.children.get(n)?.exitCode ?? this.children.get(n)?.signalCode ?? null,
      ]),
    );
  }

  /** Ends a service like a crash (SIGKILL: no shutdown hooks, nothing flushed) or a deploy (SIGTERM). */
  async killService(name: ServiceName, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const child = this.children.get(name);
    if (!child || !this.isRunning(name)) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    // A graceful stop that hangs (an engine it waits for is down) ends like a crash after 15 s.
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  }

  async readiness(name: ServiceName): Promise<Readiness> {
    try {
      const res = await fetch(`${this.url(name)}/health/ready`, { signal: AbortSignal.timeout(5000) });
      const body = (await res.json()) as Omit<Readiness, 'httpStatus'>;
      return { httpStatus: res.status, status: body.status, checks: body.checks ?? {} };
    } catch {
      return { httpStatus: 0, status: 'unreachable', checks: {} };
    }
  }

  /** Resolves when every named service answers ready (200, ok or degraded); fails naming those that are not. */
  async waitReady(names: ServiceName[] = SERVICES, timeoutMs = 120_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const states = await Promise.all(names.map(async (n) => [n, await this.readiness(n)] as const));
      const waiting = states.filter(([, r]) => r.httpStatus !== 200);
      if (waiting.length === 0) return;
      const exited = this.exitCodes();
      if (Object.keys(exited).length > 0) throw new Error(`service(s) exited: ${JSON.stringify(exited)} (logs: ${this.logDir})`);
      if (Date.now() > deadline) {
        throw new Error(
          `not ready within ${timeoutMs} ms: ${waiting.map(([n, r]) => `${n} ${r.status} ${JSON.stringify(r.checks)}`).join('; ')}`,
        );
      }
      await sleep(250);
    }
  }

  /**
   * A member with a role, granted by identity's operator command (as `npm run roles` does), who turned two-factor
   * sign-in on as the role requires, in a fresh token that says so.
   */
  async signUpWith(role: 'moderator' | 'admin', name: string): Promise<UserSession> {
    const session = await UserSession.signUp({ name });
    const cli = spawnSync(
      process.execPath,
      ['-r', '@swc-node/register', 'apps/identity/src/roles/roles.cli.ts', 'grant', role, session.email],
      {
        cwd: repoRoot,
        env: { ...process.env, ...this.env.identity, SWC_NODE_PROJECT: path.join(repoRoot, 'tsconfig.json') },
        encoding: 'utf8',
      },
    );
    if (cli.status !== 0) throw new Error(`roles command failed: ${cli.stderr}`);
    await session.enableTwoFactor();
    return session;
  }

  async stop(): Promise<void> {
    await Promise.all(SERVICES.map((name) => this.killService(name, 'SIGTERM')));
  }
}
