/* global module */
// Import cycles (`npm run cycles`, part of npm test's checks): a cycle between files, or between folders, means neither can be
// understood, tested or moved without the other. The same check keeps each app to its own files. docs/structure.md says
// where code goes instead.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-import-into-another-app',
      severity: 'error',
      comment:
        "An app (a service, the web app, a test app) never imports another app's files, relatively or by package name: " +
        'shared test helpers live in libs/testing, shared shapes in libs/contracts (docs/structure.md).',
      // The one exception: the API document's coverage check reads every service's controllers (their routes) to
      // compare them with the merged document the gateway serves; it is the gateway's check of what it routes.
      from: { path: '^apps/([^/]+)/', pathNot: '^apps/gateway/test/openapi-coverage[.]e2e-spec[.]ts$' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
    {
      name: 'no-import-cycle',
      severity: 'error',
      comment: 'Two files must not import each other, directly or through others (type-only imports count too).',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-circular-folders',
      severity: 'error',
      comment:
        'Two folders must not depend on each other, directly or through others: a folder (a feature, a library) is a unit ' +
        'one can read and move whole. A folder counts the imports of every file below it.',
      scope: 'folder',
      from: {},
      to: { circular: true },
    },
    {
      name: 'event-store-knows-no-broker',
      severity: 'error',
      comment:
        'The event store publishes through its EventPublisher port; the messaging side implements it and depends on the ' +
        'event store, never the other way (issue #27).',
      from: { path: '^libs/event-store/' },
      to: { path: '^libs/messaging/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports are dependencies too: a cycle through types still ties the files together.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: ['node_modules', '/generated/', '/dist', '^tmp/', '^reports/'] },
  },
};
