// Replicas (`npm start -- --replicas 3`, ABIDE_REPLICAS=3, the test and bench stacks alike): which services run as
// several processes and on which ports. Pure, with no imports; here rather than in tools/stack because the engines'
// Prometheus configuration lists every instance's metrics port, and the stack depends on the engines, not the reverse.

/**
 * Every service but the gateway runs as this many processes, and the gateway balances across them. Instance 1 keeps
 * its profile's ports (tools/stack/services.mjs); instance k (2..5) moves each of its ports by 10,000 + 2,000·(k-2).
 * Before any offset the profiles' ports lie in 3000–3004, 4000–4999 (every test profile and slot), 5173 and
 * 9464–9468, so each instance's block lands on ports no other instance, profile, slot or engine (the fault tests'
 * included, 2000–2950 above their defaults) uses, and stays below Linux's ephemeral range (32768+), where an outgoing
 * connection could hold a port before a service binds it.
 */
export const MAX_REPLICAS = 5;
/** The gateway stays one process locally: it is what the browser, the tests and the load suite talk to (see README). */
export const replicated = (name) => name !== 'gateway';
export const replicaPort = (port, instance) => (instance <= 1 ? port : port + 10_000 + (instance - 2) * 2_000);
/** A process's name in logs, pids and messages: `formation` for the first instance, `formation-2` for the second. */
export const instanceLabel = (name, instance) => (instance <= 1 ? name : `${name}-${instance}`);
