// One lint for the whole repository: TypeScript rules, React hooks, import hygiene and the
// layer rules the READMEs describe (a rule only written in a README drifts).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// The API's identity module imports one way, each part only from those before it (docs/decisions.md).
const identityOrder = ['sessions', 'admins', 'sign-in', 'two-factor', 'admin-management', 'profile'];
const identityZones = identityOrder.slice(0, -1).map((part, index) => ({
  target: `./apps/api/src/modules/identity/${part}`,
  from: identityOrder.slice(index + 1).map((later) => `./apps/api/src/modules/identity/${later}`),
  message: `Identity imports one way (${identityOrder.join(' <- ')}): ${part} does not import a later part.`,
}));

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/*.d.ts', 'apps/api/drizzle/**', 'apps/api/test-bundles/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      // Parse TypeScript dependencies too, or cycles through .ts files go unseen.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/web/tsconfig.json', 'apps/api/tsconfig.json', 'packages/contract/tsconfig.json', 'apps/web/e2e/tsconfig.json'],
        }),
      ],
    },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-duplicates': 'error',
      'import-x/no-useless-path-segments': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The console's layers (apps/web/README.md): app -> features -> components, hooks, lib, config.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...webFeatures.map((feature) => ({
              target: `./apps/web/src/features/${feature}`,
              from: './apps/web/src/features',
              except: [`./${feature}`],
              message: 'Features do not import each other; combine them in a route module under src/app.',
            })),
            { target: './apps/web/src/features', from: './apps/web/src/app', message: 'Features do not import from src/app.' },
            {
              target: ['./apps/web/src/components', './apps/web/src/hooks', './apps/web/src/lib', './apps/web/src/config'],
              from: ['./apps/web/src/features', './apps/web/src/app'],
              message: 'Shared code does not import features or the app layer.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/api/**/*.ts'],
    rules: {
      // The API's layers (README): server -> app -> plugins, modules -> db, lib; nothing imports the entry points.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './apps/api/src/lib',
              from: ['./apps/api/src/modules', './apps/api/src/plugins', './apps/api/src/db', './apps/api/src/app.ts'],
              message: 'lib is the bottom layer.',
            },
            {
              target: './apps/api/src/db',
              from: ['./apps/api/src/modules', './apps/api/src/plugins', './apps/api/src/app.ts'],
              message: 'The database layer does not know the modules.',
            },
            {
              target: './apps/api/src/modules',
              from: ['./apps/api/src/app.ts', './apps/api/src/server.ts', './apps/api/src/cli'],
              message: 'Modules do not import the app or the entry points.',
            },
            {
              target: './apps/api/src/plugins',
              from: ['./apps/api/src/app.ts', './apps/api/src/server.ts'],
              message: 'Plugins do not import the app or the entry points.',
            },
            ...identityZones,
            {
              target: './apps/api/src/modules/identity',
              from: './apps/api/src/modules',
              except: ['./identity', './audit'],
              message: 'Identity sits under the other modules: of them it imports only the audit log.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/contract/src/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^(?!zod$|vitest$|\\./)', message: 'The contract depends on zod only.' }] }],
    },
  },
  {
    // Test-only code (src/test, harness) never ships: the service and its CLI do not import it.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'apps/api/src/test/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '(^|/)(test|harness)/', message: 'Production code does not import test or benchmark helpers.' }] },
      ],
    },
  },
  {
    files: ['apps/api/bench/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '/src/test/', message: 'Benchmarks share helpers with tests through harness/, not src/test.' }] },
      ],
    },
  },
  {
    files: [
      '**/*.test.{ts,tsx}',
      '**/e2e/**/*.ts',
      '**/bench/**/*.ts',
      '**/testing/**/*.{ts,tsx}',
      '**/test/**/*.ts',
      '**/harness/**/*.ts',
    ],
    rules: { 'no-console': 'off' },
  },
  prettier,
);
