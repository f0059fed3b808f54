// Type-aware linting for every package (typescript-eslint's project service finds each tsconfig).
import { readdirSync } from 'node:fs'
import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/*
 * The web app's import boundaries (docs/architecture.md "The web app (apps/web/src)"): everything under apps/web/src imports
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

/*
 * The API's module boundaries (docs/architecture.md "The server (apps/api/src)"): an area under apps/api/src/modules reaches
 * another area only through its public entry `modules/<area>/index.ts`, never through its routes, services or repos,
 * and never through the composition root `modules/index.ts`; its own files (tests included) import each other freely.
 * http/, db/ and lib/ sit below the modules and import none; app.ts and main.ts use the entries too. Relative paths
 * are matched per folder depth, so that a sub-folder inside an area is held to the same rule.
 */
const apiModulesDirectory = './apps/api/src/modules'
const apiAreas = readdirSync(new URL(apiModulesDirectory, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
const otherAreaMessage = "Another area's internals: import its modules/<area>/index.ts, or ask that entry to export it."
/*
 * The areas from the bottom up, in the order modules/index.ts builds them: an area imports only the entries of the
 * areas before it, so no circle of areas can form. What an area needs from a later one is handed to its factory in
 * modules/index.ts, or moves down to the area that owns it.
 * See docs/architecture.md "Module rules, and what enforces them".
 */
const apiAreaLayers = [
  'access',
  'households',
  'groups',
  'users',
  'app',
  'auth',
  'recipes',
  'recipe-activity',
  'organizers',
  'foods',
  'cookbooks',
  'mealplans',
  'shopping',
  'explore',
  'media',
  'reports',
  'ai',
  'admin',
  'parser',
  'migrations',
  'import',
  'downloads',
  'live',
  'webhooks',
  'notifiers',
  'recipe-actions',
  'backups',
]
const unlayeredAreas = apiAreas.filter((area) => !apiAreaLayers.includes(area))
if (unlayeredAreas.length > 0) {
  throw new Error(`eslint.config.js: place ${unlayeredAreas.join(', ')} in apiAreaLayers, after the areas it imports.`)
}
const laterAreaMessage =
  'An area imports only the areas built before it (apiAreaLayers): take this as a dependency of your factory, wired in modules/index.ts.'
/*
 * docs/architecture.md "Tenancy and row-level access": services and routes never build queries. Only repositories (`repo.ts`, `<topic>.repo.ts`) and
 * list specs touch the query builder or the tables, and they take the scope and the executor. Two files hold SQL of no
 * tenant: the first-run seed of an empty database and the health check's `select 1`.
 */
const queryBuilderFiles = [
  '**/*.test.ts',
  '**/repo.ts',
  '**/*.repo.ts',
  '**/list-spec.ts',
  'apps/api/src/modules/app/first-run.service.ts',
  'apps/api/src/modules/app/health.service.ts',
]
const queryBuilderImports = {
  group: ['drizzle-orm', 'drizzle-orm/*', '**/db/schema', '**/db/schema/**'],
  message: 'Services and routes never build queries: put the query in a repo that takes (executor, scope).',
}
const apiAreaBoundaries = (area, depth) => {
  const up = '\\.\\./'.repeat(depth + 1)
  const later = apiAreaLayers.slice(apiAreaLayers.indexOf(area) + 1).join('|')
  return [
    ...(later ? [{ regex: `(^${up}|(^|/)modules/)(${later})/`, message: laterAreaMessage }] : []),
    { regex: `^${up}(?!${area}/|\\.\\./)[^/]+/(?!index\\.js$)`, message: otherAreaMessage },
    { regex: `(^|/)modules/(?!${area}/)[^/]+/(?!index\\.js$)`, message: otherAreaMessage },
    {
      regex: `^${up}index\\.js$`,
      message: 'An area never imports the composition root; take what you need as a dependency of your factory.',
    },
  ]
}
// ESLint keeps the last block's options of a rule, so a service's block repeats the boundaries beside the query rule.
const apiAreaRules = (area) =>
  [0, 1, 2].flatMap((depth) => {
    const files = [`apps/api/src/modules/${area}/${'*/'.repeat(depth)}*.ts`]
    const boundaries = apiAreaBoundaries(area, depth)
    return [
      { files, rules: { 'no-restricted-imports': ['error', { patterns: boundaries }] } },
      {
        files,
        ignores: queryBuilderFiles,
        rules: { 'no-restricted-imports': ['error', { patterns: [...boundaries, queryBuilderImports] }] },
      },
    ]
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
  ...apiAreas.flatMap(apiAreaRules),
  {
    files: ['apps/api/src/{http,db,lib,events}/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)modules(/|$)',
              message:
                'http/, db/, lib/ and events/ sit below the modules: pass what you need in as a parameter instead.',
            },
          ],
        },
      ],
    },
  },
  {
    // The web shell (index.html, link previews, first paints) is a page concern above the areas: it reads them only
    // through their entries, and never builds a query, so that a page never shows what the API would not.
    files: ['apps/api/src/web-shell/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ regex: '(^|/)modules/[^/]+/(?!index\\.js$)', message: otherAreaMessage }, queryBuilderImports],
        },
      ],
    },
  },
  {
    // One transaction helper (docs/architecture.md): inTransaction runs the work again when PostgreSQL aborts it for a
    // deadlock or a serialization failure, which a bare db.transaction turns into a 500. A call that cannot be run
    // twice (it writes files inside) keeps db.transaction with an eslint-disable that says why.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/db/transaction.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='db'][callee.property.name='transaction']",
          message: 'Open transactions with inTransaction(db, …) from db/transaction.ts: it retries deadlocks.',
        },
      ],
    },
  },
  {
    // An area's `page-tasks.ts` is its entry for the page-reading thread (page-worker.ts): pure readers only, so that
    // the thread loads without the server's routes, database or native packages.
    files: ['apps/api/src/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\./modules/[^/]+/(?!index\\.js$|page-tasks\\.js$)',
              message: "An area's internals: import its modules/<area>/index.ts (or page-tasks.ts, in page-worker.ts).",
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
