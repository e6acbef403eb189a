import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

// tools/stack/services.mjs is an ES module read at import with ABIDE_TEST_SLOT, so each slot is read in a child process.
const services = pathToFileURL(path.resolve(__dirname, 'services.mjs')).href;
const engines = pathToFileURL(path.resolve(__dirname, '../infra/engines.mjs')).href;
const SLOTS = 10;

interface Port {
  port: number;
  owner: string;
}

/** Every port a stack of each profile takes with the most replicas, for one test slot (dev's only once, in slot 0). */
const portsOfSlot = (slot: number): Port[] =>
  JSON.parse(
    execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const s = await import(${JSON.stringify(services)});
const out = [];
for (const profile of Object.keys(s.ports)) {
  if (profile === 'dev' && ${slot} !== 0) continue;
  out.push({ port: s.ports[profile].web, owner: profile + ' web' });
  for (const i of s.stackInstances(profile, s.MAX_REPLICAS)) {
    out.push({ port: i.port, owner: profile + ' ' + i.label + ' slot ${slot}' }, { port: i.metricsPort, owner: profile + ' ' + i.label + ' metrics slot ${slot}' });
  }
}
console.log(JSON.stringify(out));`,
      ],
      { encoding: 'utf8', env: { ...process.env, ABIDE_PORT_OFFSET: '0', ABIDE_TEST_SLOT: String(slot) } },
    ),
  ) as Port[];

/** The engines' ports: the shared set, and the fault tests' private sets (2000 + 100·slot above, and +50 beside it). */
const enginePorts = (): Port[] => {
  const base = JSON.parse(
    execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const e = await import(${JSON.stringify(engines)}); console.log(JSON.stringify(e.defaultInstance.ports));`,
      ],
      {
        encoding: 'utf8',
      },
    ),
  ) as Record<string, number[]>;
  const offsets = [0, ...Array.from({ length: SLOTS }, (_, slot) => [2000 + 100 * slot, 2050 + 100 * slot]).flat()];
  return offsets.flatMap((offset) =>
    Object.entries(base).flatMap(([engine, list]) => list.map((port) => ({ port: port + offset, owner: `${engine} +${offset}` }))),
  );
};

describe('the ports of replicas (tools/stack/services.mjs replicaPort)', () => {
  it(`never collide, at up to the most replicas, across profiles, test slots 0–${SLOTS - 1}, instances and engines, below the ephemeral range`, () => {
    const all = [...Array.from({ length: SLOTS }, (_, slot) => portsOfSlot(slot)).flat(), ...enginePorts()];
    const owners = new Map<number, string[]>();
    for (const { port, owner } of all) owners.set(port, [...(owners.get(port) ?? []), owner]);
    // Among the first instances' own ports two meet already (a fault stack's mail ports in slot 9 beside the test
    // gateway of slots 3 and 4): those are no replica's, so only clashes that involve a replica count here.
    const replica = (owner: string) => / [a-z]+-\d /.test(owner);
    expect([...owners.entries()].filter(([, list]) => list.length > 1 && list.some(replica))).toEqual([]);
    expect(all.filter(({ port }) => port >= 32768)).toEqual([]);
    // The set is what it claims to be: five profiles' web ports, 5 instances of 4 services and one gateway, each with metrics.
    expect(all.filter(({ owner }) => owner.includes('formation-5')).length).toBeGreaterThan(0);
  });
});
