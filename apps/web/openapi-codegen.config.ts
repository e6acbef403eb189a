import type { ConfigFile } from '@rtk-query/codegen-openapi';

/**
 * How `npm run api:client` turns the API document into the web app's RTK Query endpoints (docs/api.md, "Adding or
 * changing a route"). Paths are from the repository root; `apiFile` is imported from the generated file's folder. The
 * document's paths are made relative to the base API's `/api` before generation (tools/api-client/render-client.ts).
 */
export const clientCodegenConfig = {
  schemaFile: 'apps/web/src/shared/api/generated/openapi.json',
  outputFile: 'apps/web/src/shared/api/generated/abideApi.ts',
  apiFile: '../baseApi',
  apiImport: 'baseApi',
  exportName: 'abideApi',
  hooks: { queries: true, lazyQueries: true, mutations: true },
  // One path or query parameter is passed as itself (`useGroupsOneQuery(groupId)`), as the hand-written hooks took it.
  flattenArg: true,
  encodePathParams: true,
  useUnknown: true,
  endpointOverrides: [
    // The profile is read when a session starts and kept in the auth slice, never in the query cache.
    { pattern: 'accountsMe', type: 'mutation' },
  ],
} satisfies ConfigFile;
