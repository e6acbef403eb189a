/* global module */
// Import cycles (`npm run cycles`, part of npm test's checks): a cycle between files means neither can be understood,
// tested or moved without the other. docs/structure.md says where code goes instead.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-import-cycle',
      severity: 'error',
      comment: 'Two files must not import each other, directly or through others (type-only imports count too).',
      from: {},
      to: { circular: true },
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
