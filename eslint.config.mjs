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
 * Formation's feature folders are boundaries (docs/architecture.md, "Feature boundaries"): a feature reaches another
 * only through its `*.port.ts` files (and imports its `*.module.ts` to wire Nest); `config/`, `content/` and
 * `shared/` are open to all.
 */
const formationFeatures = {
  files: ['apps/formation/src/**/*.ts'],
  plugins: { boundaries },
  settings: {
    'import/resolver': { node: { extensions: ['.ts', '.js'] } },
    'boundaries/elements': [
      { type: 'formation-shared', partialMatch: false, pattern: 'apps/formation/src/{config,content,shared}/**' },
      { type: 'formation-feature', partialMatch: false, pattern: 'apps/formation/src/*', capture: ['feature'] },
    ],
    'boundaries/files': [{ category: 'formation-port', pattern: ['apps/formation/src/*/*.port.ts', 'apps/formation/src/*/*.module.ts'] }],
  },
  rules: {
    'boundaries/dependencies': [
      'error',
      {
        default: 'allow',
        policies: [
          {
            from: { element: { type: 'formation-feature' } },
            disallow: { to: { element: { type: 'formation-feature' } } },
            message:
              'A formation feature reaches another only through its ports: import "{{ to.element.captured.feature }}/*.port" (or its module), not its internals.',
          },
          {
            from: { element: { type: 'formation-feature' } },
            allow: { to: { element: { type: 'formation-feature' }, file: { categories: 'formation-port' } } },
          },
        ],
      },
    ],
  },
};

/**
 * Community's feature folders are boundaries in formation's shape (#27): a feature reaches another only through its
 * `*.port.ts` files (and its `*.module.ts`); `config/`, `read-models/` and `shared/` are open to all. Kept apart from
 * formationFeatures until the rule covers every service.
 */
const communityFeatures = {
  files: ['apps/community/src/**/*.ts'],
  plugins: { boundaries },
  settings: {
    'import/resolver': { node: { extensions: ['.ts', '.js'] } },
    'boundaries/elements': [
      { type: 'community-shared', partialMatch: false, pattern: 'apps/community/src/{config,read-models,shared}/**' },
      { type: 'community-feature', partialMatch: false, pattern: 'apps/community/src/*', capture: ['feature'] },
    ],
    'boundaries/files': [{ category: 'community-port', pattern: ['apps/community/src/*/*.port.ts', 'apps/community/src/*/*.module.ts'] }],
  },
  rules: {
    'boundaries/dependencies': [
      'error',
      {
        default: 'allow',
        policies: [
          {
            from: { element: { type: 'community-feature' } },
            disallow: { to: { element: { type: 'community-feature' } } },
            message:
              'A community feature reaches another only through its ports: import "{{ to.element.captured.feature }}/*.port" (or its module), not its internals.',
          },
          {
            from: { element: { type: 'community-feature' } },
            allow: { to: { element: { type: 'community-feature' }, file: { categories: 'community-port' } } },
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
  formationFeatures,
  communityFeatures,
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
