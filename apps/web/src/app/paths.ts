/**
 * Every page's address in one place (docs/web.md "Screens and routes"): links, `navigate` calls, redirects and navigation menus build
 * their targets here instead of writing the string, and paths.test.ts checks that each one opens a route of the
 * route tables (router.tsx, SignedInRoutes.tsx), so a renamed route cannot leave a dead link behind.
 * It imports nothing: the sign-in page loads it, within its size budget (docs/budgets.md "Web budgets").
 */
const segment = (value: string) => encodeURIComponent(value)
const group = (groupSlug: string) => `/g/${segment(groupSlug)}`
const recipeCreate = (groupSlug: string) => `${group(groupSlug)}/r/create`

export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',

  adminSetup: '/admin/setup',
  adminSiteSettings: '/admin/site-settings',
  adminBackups: '/admin/backups',
  adminMaintenance: '/admin/maintenance',
  adminJobs: '/admin/jobs',
  adminDebugOpenai: '/admin/debug/openai',
  adminDebugParser: '/admin/debug/parser',
  adminUsers: '/admin/manage/users',
  adminCreateUser: '/admin/manage/users/create',
  adminUser: (id: string) => `/admin/manage/users/${segment(id)}`,
  adminHouseholds: '/admin/manage/households',
  adminHousehold: (id: string) => `/admin/manage/households/${segment(id)}`,
  adminGroups: '/admin/manage/groups',
  adminGroup: (id: string) => `/admin/manage/groups/${segment(id)}`,

  group,
  groupRecipe: (groupSlug: string, slug: string) => `${group(groupSlug)}/r/${segment(slug)}`,
  groupIngredientParser: (groupSlug: string, slug: string) =>
    `${group(groupSlug)}/r/${segment(slug)}/ingredient-parser`,
  groupRecipeFinder: (groupSlug: string) => `${group(groupSlug)}/recipes/finder`,
  groupTimeline: (groupSlug: string) => `${group(groupSlug)}/recipes/timeline`,
  groupCookbooks: (groupSlug: string) => `${group(groupSlug)}/cookbooks`,
  groupCookbook: (groupSlug: string, slug: string) => `${group(groupSlug)}/cookbooks/${segment(slug)}`,
  groupCategories: (groupSlug: string) => `${group(groupSlug)}/recipes/categories`,
  groupTags: (groupSlug: string) => `${group(groupSlug)}/recipes/tags`,
  groupTools: (groupSlug: string) => `${group(groupSlug)}/recipes/tools`,
  /** The recipe explorer filtered by one category, tag or tool: `?categories=<slug>` (the explorer reads slugs). */
  groupRecipesWith: (groupSlug: string, kind: 'categories' | 'tags' | 'tools', slug: string) =>
    `${group(groupSlug)}?${new URLSearchParams({ [kind]: slug }).toString()}`,
  recipeCreate,
  /** One way to create a recipe: url, new, bulk, html, image, zip or debug. */
  recipeCreateMethod: (groupSlug: string, method: string) => `${recipeCreate(groupSlug)}/${method}`,

  groupSettings: '/group',
  groupData: '/group/data',
  /** One data type of the data management pages: recipes, foods, units, labels, categories, tags, tools, … */
  groupDataType: (type: string) => `/group/data/${type}`,
  groupMigrations: '/group/migrations',
  groupReport: (id: string) => `/group/reports/${segment(id)}`,

  household: '/household',
  householdMembers: '/household/members',
  householdNotifiers: '/household/notifiers',
  householdWebhooks: '/household/webhooks',
  householdShoppingStores: '/household/shopping-stores',
  mealPlanner: '/household/mealplan/planner',
  mealPlannerView: '/household/mealplan/planner/view',
  mealPlannerEdit: '/household/mealplan/planner/edit',
  mealPlanSettings: '/household/mealplan/settings',
  shoppingLists: '/shopping-lists',
  shoppingList: (id: string) => `/shopping-lists/${segment(id)}`,

  profile: '/user/profile',
  profileEdit: '/user/profile/edit',
  apiTokens: '/user/profile/api-tokens',
  favorites: (userId: string) => `/user/${segment(userId)}/favorites`,
} as const
