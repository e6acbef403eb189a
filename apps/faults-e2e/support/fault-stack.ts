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
/**
 * One process of the stack: a service's name for its first instance, `<service>-<n>` for the n-th when the stack runs
 * replicas (tools/stack/services.mjs `instanceLabel`).
 */
export type InstanceLabel = ServiceName | `${Exclude<ServiceName, 'gateway'>}-${number}`;

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

interface Instance {
  name: ServiceName;
  label: InstanceLabel;
  env: Record<string, string>;
}

/**
 * Every process's environment from tools/stack/services.mjs (the one place it is defined), for this namespace and
 * replica count, in start order (stackInstances).
 */
const instancesEnv = (namespace: string, engineEnv: Record<string, string>, replicas: number): Instance[] => {
  const out = withServicesModule(
    `const engineEnv = JSON.parse(process.env.ENGINE_ENV);
const replicas = Number(process.env.REPLICAS);
process.stdout.write(JSON.stringify(services.stackInstances('faults', replicas).map(({ name, instance, label }) => ({
  name, label, env: services.serviceEnv(name, 'faults', engineEnv, { namespace: process.env.NAMESPACE, replicas, instance }),
}))));`,
    { ENGINE_ENV: JSON.stringify(engineEnv), NAMESPACE: namespace, REPLICAS: String(replicas) },
  );
  return JSON.parse(out) as Instance[];
};

/** The same check `npm start` and the e2e stack make: a service left from an earlier run must not answer for these. */
const assertPortsFree = (instances: Instance[]): void => {
  withServicesModule(`await services.assertPortsFree(JSON.parse(process.env.PORTS));`, {
    PORTS: JSON.stringify(instances.map(({ label, env }) => ({ name: label, port: env.PORT }))),
  });
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The five services on the fault tests' private engines, under a namespace nobody used before (databases, topics,
 * consumer groups, Redis keys), each a child process the test can kill (SIGKILL) and start again.
 */
export class FaultStack {
  readonly namespace: string;
  /** Each service's environment (its first instance's). */
  readonly env: Record<ServiceName, Record<string, string>>;
  /** Every process of the stack: each service's, and with replicas each instance's (`formation`, `formation-2`, …). */
  readonly instances: readonly Instance[];
  readonly logDir: string;
  private readonly children = new Map<InstanceLabel, ChildProcess>();

  private constructor(label: string, extraEnv: Record<string, string>, replicas: number) {
    this.namespace = `abide_faults_${label}_${randomBytes(3).toString('hex')}`;
    const engines = faultEngines();
    this.instances = instancesEnv(this.namespace, engines.env, replicas).map((instance) => ({
      ...instance,
      env: { ...instance.env, ...extraEnv, LOG_LEVEL: 'info' },
    }));
    this.env = Object.fromEntries(SERVICES.map((name) => [name, this.instanceOf(name).env])) as Record<ServiceName, Record<string, string>>;
    this.logDir = path.join(repoRoot, 'tmp', 'logs', 'faults', this.namespace);
    mkdirSync(this.logDir, { recursive: true });
  }

  /**
   * Starts the services (and, unless told otherwise, the topic provisioning), then waits until each is ready.
   * `replicas`: that many instances of every service but the gateway, which balances across them.
   */
  static async start(
    label: string,
    options: { provisionTopics?: boolean; waitReady?: boolean; env?: Record<string, string>; replicas?: number } = {},
  ) {
    const stack = new FaultStack(label, options.env ?? {}, options.replicas ?? 1);
    assertPortsFree([...stack.instances]);
    // The API helpers of libs/testing (UserSession, mail) read these.
    process.env.E2E_API_URL = stack.url('gateway');
    process.env.E2E_SMTP_WEB_URL = faultEngines().env.SMTP_WEB_URL;
    for (const { label: each } of stack.instances) stack.startService(each);
    const topics = options.provisionTopics === false ? Promise.resolve() : stack.provisionTopics();
    // Each process compiles the TypeScript it runs at start: on two shared cores, more of them take longer.
    const readyWithin = 120_000 * (options.replicas ?? 1);
    try {
      if (options.waitReady !== false) await Promise.all([topics, stack.waitReady(stack.labels, readyWithin)]);
    } catch (error) {
      // The spec never gets the stack to stop: its processes must not outlive the test.
      await stack.stop();
      throw error;
    }
    return stack;
  }

  get prefix(): string {
    return this.env.formation.KAFKA_TOPIC_PREFIX;
  }

  get apiUrl(): string {
    return this.url('gateway');
  }

  /** Every process's label, in start order. */
  get labels(): InstanceLabel[] {
    return this.instances.map((instance) => instance.label);
  }

  private instanceOf(label: InstanceLabel): Instance {
    const instance = this.instances.find((each) => each.label === label);
    if (!instance) throw new Error(`no ${label} in this stack (${this.labels.join(', ')})`);
    return instance;
  }

  url(label: InstanceLabel): string {
    return `http://127.0.0.1:${this.instanceOf(label).env.PORT}`;
  }

  /** The one topic-provisioning step (the same function npm start and compose run). */
  async provisionTopics(timeoutMs = 120_000): Promise<void> {
    await provisionTopics({ brokers: this.env.formation.KAFKA_BROKERS.split(','), prefix: this.prefix, timeoutMs });
  }

  startService(label: InstanceLabel): ChildProcess {
    const { name, env } = this.instanceOf(label);
    const out = createWriteStream(path.join(this.logDir, `${label}.log`), { flags: 'a' });
    const child = spawn(process.execPath, ['-r', '@swc-node/register', `apps/${name}/src/main.ts`], {
      cwd: repoRoot,
      env: { ...process.env, ...env, SWC_NODE_PROJECT: path.join(repoRoot, 'tsconfig.json') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.pipe(out);
    child.stderr?.pipe(out);
    this.children.set(label, child);
    return child;
  }

  pid(label: InstanceLabel): number | undefined {
    return this.children.get(label)?.pid;
  }

  /** Whether the process is still running (a service must never exit on an engine failure). */
  isRunning(label: InstanceLabel): boolean {
    const child = this.children.get(label);
    return !!child && child.exitCode === null && child.signalCode === null;
  }

  exitCodes(): Partial<Record<InstanceLabel, number | string | null>> {
    return Object.fromEntries(
      this.labels
        .filter((n) => !this.isRunning(n))
        .map((n) => [n, this.children.get(n)?.exitCode ?? this.children.get(n)?.signalCode ?? null]),
    );
  }

  /** Ends a process like a crash (SIGKILL: no shutdown hooks, nothing flushed) or a deploy (SIGTERM). */
  async killService(name: InstanceLabel, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const child = this.children.get(name);
    if (!child || !this.isRunning(name)) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    // A graceful stop that hangs (an engine it waits for is down) ends like a crash after 15 s.
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  }

  async readiness(name: InstanceLabel): Promise<Readiness> {
    try {
      const res = await fetch(`${this.url(name)}/health/ready`, { signal: AbortSignal.timeout(5000) });
      const body = (await res.json()) as Omit<Readiness, 'httpStatus'>;
      return { httpStatus: res.status, status: body.status, checks: body.checks ?? {} };
    } catch {
      return { httpStatus: 0, status: 'unreachable', checks: {} };
    }
  }

  /** Resolves when every named service answers ready (200, ok or degraded); fails naming those that are not. */
  async waitReady(names: InstanceLabel[] = this.labels, timeoutMs = 120_000): Promise<void> {
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
    await Promise.all(this.labels.map((name) => this.killService(name, 'SIGTERM')));
  }
}
