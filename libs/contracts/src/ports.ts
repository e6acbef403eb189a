/** Local ports (README.md, "Ports"). Tests run the services on `testPorts` so they never clash with a dev stack. */
export const devPorts = {
  gateway: 3000,
  identity: 3001,
  formation: 3002,
  library: 3003,
  community: 3004,
  web: 5173,
} as const;

export const testPorts = {
  gateway: 4000,
  identity: 4001,
  formation: 4002,
  library: 4003,
  community: 4004,
  web: 4173,
} as const;
