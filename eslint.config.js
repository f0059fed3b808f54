// Type-aware linting for every package (typescript-eslint's project service finds each tsconfig).
import { readdirSync } from 'node:fs'
import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/*
 * The web app's import boundaries (docs/architecture.md, "The web app"): everything under apps/web/src imports
 * through `@/`, never `../`; shared pieces (components, api, hooks, …) import no feature, page, layout or route
 * table; a feature imports another feature only through its public surface: its `index.ts` and its `api/` files
 * (query options and hooks), never its components or other internals. Pages, layouts and routes compose features.
 */
const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
const parentImports = { group: ['../*', '../**'], message: 'Import from apps/web/src through the @/ alias.' }
const webImportRules = (...patterns) => ({
  'no-restricted-imports': ['error', { patterns: [parentImports, ...patterns] }],
})

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/.turbo/**',
      'apps/api/src/db/migrations/**',
      'e2e/test-results/**',
      'bench/results/**',
      '**/*.config.js',
      '**/*.config.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/only-throw-error': 'error',
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    files: ['**/*.mjs', '**/*.js', '**/scripts/**'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules, ...webImportRules() },
  },
  {
    files: ['apps/web/src/{api,components,hooks,i18n,notifications,pwa,theme}/**/*.{ts,tsx}'],
    rules: webImportRules({
      group: ['@/features/**', '@/pages/**', '@/layouts/**', '@/router'],
      message: 'Shared pieces import no feature, page, layout or route table; pass what they need as props.',
    }),
  },
  ...webFeatures.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: webImportRules({
      // Another feature's path below its folder, other than one of its api/ files.
      regex: `^@/features/(?!${feature}/)[^/]+/(?!api/[^/]+$)`,
      message: `Another feature's internals: import its index.ts or its api/ files, or move the shared piece to src/components.`,
    }),
  })),
  {
    /*
     * DESIGN §5 "Tenancy": services and routes never build queries. Only repositories (`repo.ts`, `*-repo.ts`), list
     * specs, db/ and http/list-query touch the query builder or the tables, and they take the scope and the executor.
     */
    files: ['apps/api/src/modules/**/*.ts'],
    ignores: [
      '**/*.test.ts',
      '**/repo.ts',
      '**/*-repo.ts',
      '**/list-spec.ts',
      // SQL of their own that belongs to no tenant: the sign-in counters (a repository of failed attempts), the
      // first-run seed of an empty database, and the health check's `select 1`.
      'apps/api/src/modules/auth/sign-in-attempts.ts',
      'apps/api/src/modules/app/first-run.ts',
      'apps/api/src/modules/app/health.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*', '**/db/schema', '**/db/schema/**'],
              message: 'Services and routes never build queries: put the query in a repo that takes (executor, scope).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', '**/test/**'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    // node:test's describe() and it() return promises the runner itself awaits.
    files: ['e2e/tests/**'],
    rules: { '@typescript-eslint/no-floating-promises': 'off' },
  },
)
