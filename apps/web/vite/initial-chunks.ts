/**
 * Three chunks for what the first page (/login) loads anyway, instead of dozens of small shared chunks: each file is
 * compressed on its own, so splitting the same code into 30 pieces costs ~8 KB gzip more and a request each
 * (docs/budgets.md "Web budgets": /login ≤ 150 KB gzip, measured by scripts/login-bundle-size.mjs).
 *
 * - `framework`: React, the router, i18next and ky; every page needs them. With them the path registry
 *   (src/app/paths.ts), which the entry and nearly every page use: on its own it would be one more small file on
 *   the first load.
 * - `mantine-core`: Mantine's core (provider, Box, styles API), which every page needs too: a chunk of its own so that
 *   the entry evaluates it in a task of its own (src/main.tsx), about as long as the framework's.
 * - `ui`: the Mantine components and hooks of the sign-in page, which nearly every other page uses too. Components
 *   that only later pages use (menus, modals, app shell, combobox, …) stay in their own chunks.
 */
const nodeModule = String.raw`node_modules[\\/](?:\.pnpm[\\/][^\\/]+[\\/]node_modules[\\/])?`

/**
 * Helpers of Mantine's core that only later pages' components use (segmented control, floating indicator,
 * combobox): matched by the mantine-core group, they would ride on /login for nothing.
 */
const laterPageCoreUtils = ['get-env', 'primitive', 'find-element-in-shadow-dom']

const frameworkPackages = [
  'react',
  'react-dom',
  'scheduler',
  'react-router',
  'i18next',
  'react-i18next',
  'use-sync-external-store',
  'ky',
]

const mantineCorePackages = [
  'clsx',
  String.raw`@mantine[\\/]core[\\/]esm[\\/]core(?![\\/]utils[\\/](?:${laterPageCoreUtils.join('|')})[\\/])`,
]

const pathRegistry = String.raw`[\\/]src[\\/]app[\\/]paths\.ts$`

const signInComponents = [
  'ActionIcon',
  'Alert',
  'Anchor',
  'Button',
  'Center',
  'Checkbox',
  'CloseButton',
  'Divider',
  'Group',
  'Input',
  'InputBase',
  'Loader',
  'NativeSelect',
  'Paper',
  'PasswordInput',
  'Stack',
  'Text',
  'TextInput',
  'Title',
  'Transition',
  'UnstyledButton',
]

const signInModules = [
  String.raw`components[\\/](?:${signInComponents.join('|')})[\\/]`,
  String.raw`utils[\\/](?:InlineInput|InputsGroupFieldset)[\\/]`,
  // NativeSelect's chevron and option parsing, not the Combobox itself.
  String.raw`components[\\/]Combobox[\\/](?:ComboboxChevron[\\/]|get-parsed-combobox-data[\\/]|Combobox\.module)`,
]

const signInHooks = [
  'use-id',
  String.raw`utils[\\/]random-id`,
  'use-media-query',
  'use-did-update',
  'use-reduced-motion',
  'use-merged-ref',
  'use-uncontrolled',
]

export const initialChunkGroups = [
  {
    name: 'framework',
    test: new RegExp(`${nodeModule}(?:${frameworkPackages.join('|')})[\\\\/]|${pathRegistry}`),
  },
  { name: 'mantine-core', test: new RegExp(`${nodeModule}(?:${mantineCorePackages.join('|')})[\\\\/]`) },
  {
    name: 'ui',
    test: new RegExp(
      `${nodeModule}@mantine[\\\\/](?:core[\\\\/]esm[\\\\/](?:${signInModules.join('|')})|hooks[\\\\/]esm[\\\\/](?:${signInHooks.join('|')})[\\\\/])`,
    ),
  },
]

/**
 * Mantine's dialogs, pickers and form helpers, which the explorer's and the recipe page's first screens do not show
 * (their filter drawer, cook mode and dialogs are loaded on first use): in `mantine` they were 70% of what those
 * two pages loaded of it, parsed before they could respond (Lighthouse's unused JavaScript, docs/budgets.md "Web budgets").
 */
const laterMantineComponents = [
  'Autocomplete',
  'Chip',
  'Combobox',
  'Drawer',
  'FileButton',
  'FileInput',
  'Modal',
  'ModalBase',
  'MultiSelect',
  'NumberInput',
  'Overlay',
  'Pagination',
  'Pill',
  'PillsInput',
  'Progress',
  'Select',
  'Stepper',
  'Switch',
  'TagsInput',
]

const laterMantineModules = [
  String.raw`@mantine[\\/]core[\\/]esm[\\/]components[\\/](?:${laterMantineComponents.join('|')})[\\/]`,
  String.raw`@mantine[\\/]form[\\/]`,
  // NumberInput's formatter.
  String.raw`react-number-format[\\/]`,
]

/**
 * Chunks for what the signed-in pages share, loaded after sign-in: without them the recipe page needed 113 files
 * (icons of ~300 bytes each, Mantine components, TanStack Query in pieces). Over HTTP/1.1, which Larder serves, a
 * browser fetches six at a time, so on a phone's latency the count, not the bytes, set when the page could show
 * (Lighthouse, docs/budgets.md "Web budgets"). With these groups it needs 45 files (334 KB gzip, 4 KB more); the explorer 41 instead of 95.
 *
 * - `icons`: every Tabler icon the app uses (8 KB gzip), instead of one file per icon.
 * - `mantine`: the Mantine components (and Floating UI) that eight or more pages use: menus, popovers, tooltips,
 *   scroll areas, badges… The rest stay with the few pages that use them.
 * - `mantine-later`: of those, the dialogs, pickers and form helpers that the explorer and the recipe page load on
 *   first use only.
 * - `query`: TanStack Query, which every signed-in page uses.
 *
 * None of them is on /login's graph: the sign-in page's Mantine modules are in `ui`, which comes first.
 */
export const signedInChunkGroups = [
  { name: 'icons', test: new RegExp(`${nodeModule}@tabler[\\\\/]`) },
  // The dependencies of a group's modules join it unless an earlier group has them: `mantine` comes first and takes
  // what both share (popovers, inputs, Floating UI), so that the first screens need nothing of `mantine-later`.
  {
    name: 'mantine',
    // With the modals' scroll lock, whose class names the app shell reads.
    test: new RegExp(
      `${nodeModule}(?!${laterMantineModules.join('|')})(?:@mantine|@floating-ui|react-remove-scroll)[\\\\/]`,
    ),
    minShareCount: 8,
  },
  {
    name: 'mantine-later',
    test: new RegExp(`${nodeModule}(?:${laterMantineModules.join('|')})`),
    minShareCount: 8,
  },
  { name: 'query', test: new RegExp(`${nodeModule}@tanstack[\\\\/](?:react-query|query-core)[\\\\/]`) },
]
