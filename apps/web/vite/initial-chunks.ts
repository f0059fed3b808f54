/**
 * Two chunks for what the first page (/login) loads anyway, instead of dozens of small shared chunks: each file is
 * compressed on its own, so splitting the same code into 30 pieces costs ~8 KB gzip more and a request each
 * (DESIGN §9: /login ≤ 150 KB gzip, measured by scripts/login-bundle-size.mjs).
 *
 * - `framework`: React, the router, i18next, ky and Mantine's core (provider, Box, styles API); every page needs them.
 *   With them the path registry (src/routes/paths.ts), which the entry and nearly every page use: on its own it
 *   would be one more small file on the first load.
 * - `ui`: the Mantine components and hooks of the sign-in page, which nearly every other page uses too. Components
 *   that only later pages use (menus, modals, app shell, combobox, …) stay in their own chunks.
 */
const nodeModule = String.raw`node_modules[\\/](?:\.pnpm[\\/][^\\/]+[\\/]node_modules[\\/])?`

/**
 * Helpers of Mantine's core that only later pages' components use (segmented control, floating indicator,
 * combobox): matched by the framework group, they would ride on /login for nothing.
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
  'clsx',
  String.raw`@mantine[\\/]core[\\/]esm[\\/]core(?![\\/]utils[\\/](?:${laterPageCoreUtils.join('|')})[\\/])`,
]

const pathRegistry = String.raw`[\\/]src[\\/]routes[\\/]paths\.ts$`

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
  {
    name: 'ui',
    test: new RegExp(
      `${nodeModule}@mantine[\\\\/](?:core[\\\\/]esm[\\\\/](?:${signInModules.join('|')})|hooks[\\\\/]esm[\\\\/](?:${signInHooks.join('|')})[\\\\/])`,
    ),
  },
]
