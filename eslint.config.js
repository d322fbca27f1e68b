// Lint rules, including the import boundaries of shared/design/architecture.md (B5 "Boundaries").
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const restrict = (...patterns) => ['error', { patterns }];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/*.d.ts', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { process: 'readonly', console: 'readonly', URL: 'readonly', Buffer: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', setInterval: 'readonly', clearInterval: 'readonly', fetch: 'readonly', window: 'readonly', document: 'readonly', localStorage: 'readonly', sessionStorage: 'readonly', navigator: 'readonly', AbortController: 'readonly', TextEncoder: 'readonly', TextDecoder: 'readonly' } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    // contracts imports only zod (and its own files).
    files: ['packages/contracts/**/*.ts'],
    rules: { 'no-restricted-imports': restrict({ regex: '^(?!zod$|\\./|\\.\\./).*', message: 'contracts may import only zod and its own files' }) },
  },
  {
    // the web never imports the server.
    files: ['packages/web/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrict({ regex: '(^@gw/server|/server/)', message: 'the web must not import the server' }) },
  },
  {
    // product-agnostic building blocks never reach into a feature.
    files: ['packages/web/src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrict(
        { regex: '(^@gw/server|/server/)', message: 'the web must not import the server' },
        { regex: '(^|/)features/', message: 'components/ must not import features/' },
      ),
    },
  },
  {
    // the server never imports the web; nothing imports a routes module except app.ts;
    // only the provider registry imports provider folders.
    files: ['packages/server/**/*.ts'],
    ignores: ['packages/server/src/app.ts', 'packages/server/src/relay/providers/**'],
    rules: {
      'no-restricted-imports': restrict(
        { regex: '(^@gw/web|/web/)', message: 'the server must not import the web' },
        { regex: '\\.routes\\.js$', message: 'only app.ts imports route modules' },
        { regex: '/relay/providers/[^/]+/', message: 'only relay/providers/registry.ts imports provider folders' },
      ),
    },
  },
  {
    // services hold rules and never depend on the HTTP framework.
    files: ['packages/server/src/**/*.service.ts'],
    rules: {
      'no-restricted-imports': restrict(
        { regex: '^(fastify|@fastify/.*|fastify-plugin)$', message: 'services must not import fastify' },
        { regex: '(^@gw/web|/web/)', message: 'the server must not import the web' },
        { regex: '\\.routes\\.js$', message: 'only app.ts imports route modules' },
      ),
    },
  },
  {
    // repositories never call services.
    files: ['packages/server/src/**/*.repository.ts'],
    rules: {
      'no-restricted-imports': restrict(
        { regex: '\\.service\\.js$', message: 'repositories must not import services' },
        { regex: '^(fastify|@fastify/.*)$', message: 'repositories must not import fastify' },
      ),
    },
  },
);
