// Lint every TypeScript file; enforce the module boundaries (docs/architecture.md "Feature boundaries inside a service") with import rules.
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const services = ['gateway', 'identity', 'formation', 'library', 'community'];
const serverOnlyLibs = ['@abide/platform', '@abide/auth', '@abide/event-store', '@abide/messaging'];

/** A service never imports another service (or the web app); cross-service knowledge travels as events. */
const serviceBoundaries = services.map((service) => ({
  files: [`apps/${service}/**/*.ts`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: [...services.filter((s) => s !== service).flatMap((s) => [`@abide/${s}`, `**/apps/${s}/**`]), '@abide/web'],
            message: 'A service must not import another service; share contracts through libs/contracts.',
          },
        ],
        paths: [
          {
            name: 'nestjs-zod',
            importNames: ['createZodDto'],
            message:
              'Use createZodDto from @abide/platform: it documents nullable fields as OpenAPI 3.0 says (libs/platform/src/openapi/zod-dto.ts).',
          },
        ],
      },
    ],
  },
}));

/**
 * Every service's feature folders are boundaries (docs/architecture.md, "Feature boundaries inside a service"): a
 * feature reaches another only through its `*.port.ts` files (and imports its `*.module.ts` to wire Nest); the open
 * folders listed per service (configuration, shared helpers, static content) are open to all.
 */
const openFolders = {
  identity: ['config', 'shared'],
  formation: ['config', 'content', 'shared'],
  library: ['config', 'shared'],
  community: ['config', 'read-models', 'shared'],
  gateway: ['config', 'shared'],
};

const featureBoundaries = (app) => ({
  files: [`apps/${app}/src/**/*.ts`],
  plugins: { boundaries },
  settings: {
    'import/resolver': { node: { extensions: ['.ts', '.js'] } },
    'boundaries/elements': [
      { type: `${app}-open`, partialMatch: false, pattern: `apps/${app}/src/{${openFolders[app].join(',')}}/**` },
      { type: `${app}-feature`, partialMatch: false, pattern: `apps/${app}/src/*`, capture: ['feature'] },
    ],
    'boundaries/files': [{ category: `${app}-port`, pattern: [`apps/${app}/src/*/*.port.ts`, `apps/${app}/src/*/*.module.ts`] }],
  },
  rules: {
    'boundaries/dependencies': [
      'error',
      {
        default: 'allow',
        policies: [
          {
            from: { element: { type: `${app}-feature` } },
            disallow: { to: { element: { type: `${app}-feature` } } },
            message: `A ${app} feature reaches another only through its ports: import "{{ to.element.captured.feature }}/*.port" (or its module), not its internals.`,
          },
          {
            from: { element: { type: `${app}-feature` } },
            allow: { to: { element: { type: `${app}-feature` }, file: { categories: `${app}-port` } } },
          },
        ],
      },
    ],
  },
});
const serviceFeatures = services.map(featureBoundaries);

/**
 * The web app's feature folders are boundaries too (docs/structure.md, "The web app"): a feature reaches another only
 * through its entry, `features/<feature>/index.ts`, never its internals. The app (router, frame) wires features: it
 * imports their entries and their pages (the routes load them lazily). `shared/` is open to all and imports no feature
 * and nothing of the app; a feature imports nothing of the app either (the app imports features).
 */
const webFeatureBoundaries = {
  files: ['apps/web/src/**/*.{ts,tsx}'],
  plugins: { boundaries },
  settings: {
    'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
    'boundaries/elements': [
      { type: 'web-app', partialMatch: false, pattern: 'apps/web/src/app/**' },
      { type: 'web-shared', partialMatch: false, pattern: 'apps/web/src/shared/**' },
      { type: 'web-feature', partialMatch: false, pattern: 'apps/web/src/features/*', capture: ['feature'] },
    ],
    'boundaries/files': [
      { category: 'web-entry', pattern: 'apps/web/src/features/*/index.ts' },
      { category: 'web-page', pattern: 'apps/web/src/features/*/pages/*' },
    ],
  },
  rules: {
    'boundaries/dependencies': [
      'error',
      {
        default: 'allow',
        policies: [
          {
            from: { element: { type: 'web-feature' } },
            disallow: { to: { element: { type: 'web-feature' } } },
            message:
              'A web feature reaches another only through its entry: import "features/{{ to.element.captured.feature }}" (its index.ts), not its internals.',
          },
          {
            from: { element: { type: 'web-feature' } },
            allow: { to: { element: { type: 'web-feature' }, file: { categories: 'web-entry' } } },
          },
          {
            from: { element: { type: 'web-feature' } },
            disallow: { to: { element: { type: 'web-app' } } },
            message: 'A feature never imports the app (the app imports features): what both need belongs in shared/.',
          },
          {
            from: { element: { type: 'web-shared' } },
            disallow: { to: { element: { type: ['web-feature', 'web-app'] } } },
            message: 'shared/ imports no feature and nothing of the app: it is what they all build on.',
          },
          {
            from: { element: { type: 'web-app' } },
            disallow: { to: { element: { type: 'web-feature' } } },
            message:
              'The app imports a feature through its entry (features/{{ to.element.captured.feature }}) or its pages (a route), not its internals.',
          },
          {
            from: { element: { type: 'web-app' } },
            allow: { to: { element: { type: 'web-feature' }, file: { categories: ['web-entry', 'web-page'] } } },
          },
        ],
      },
    ],
  },
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'tmp/**', 'coverage/**', '**/*.mjs', '**/*.js', 'apps/web-e2e/screenshots/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    // A promise nobody awaits rejects into the void: Node stops the process on an unhandled rejection, so one bad request
    // could take a service down (issue #24). Type-aware, so only the server code (the web app has its own tsconfig).
    files: ['apps/{gateway,identity,formation,library,community,faults-e2e}/**/*.ts', 'libs/**/*.ts', 'tools/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // `void` alone is no handling: a voided promise that rejects stops the process just the same. Fire-and-forget
      // ends in a .catch that logs (or says why nothing is lost). Fastify's reply is thenable but never rejects.
      '@typescript-eslint/no-floating-promises': [
        'error',
        { ignoreVoid: false, allowForKnownSafePromises: [{ from: 'package', name: 'FastifyReply', package: 'fastify' }] },
      ],
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  ...serviceBoundaries,
  ...serviceFeatures,
  webFeatureBoundaries,
  {
    files: ['libs/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/apps/**', ...services.map((s) => `@abide/${s}`)], message: 'Libraries must not depend on apps.' }] },
      ],
    },
  },
  {
    // A stored event is a fact frozen per version (libs/contracts/src/events/__frozen__): it never borrows an API shape.
    files: ['libs/contracts/src/events/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/apps/**', ...services.map((s) => `@abide/${s}`)], message: 'Libraries must not depend on apps.' },
            {
              group: ['**/http/**', '**/http'],
              message: 'Event schemas never import HTTP shapes: copy the shape into the event file with its own names.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@nestjs/*', ...serverOnlyLibs, ...services.map((s) => `@abide/${s}`)],
              message: 'The web app never imports server code; use @abide/contracts.',
            },
          ],
        },
      ],
    },
  },
);
