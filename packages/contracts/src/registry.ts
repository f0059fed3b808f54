import type { EndpointDefinition } from './endpoint.js'
import { adminEndpoints } from './admin/endpoints.js'
import { adminJobEndpoints } from './admin/jobs.js'
import { backupEndpoints } from './admin/backups.js'
import { maintenanceEndpoints } from './admin/maintenance.js'
import { getAppInfo, getAppTheme, getStartupInfo } from './app/about.js'
import { getHealth, getReadiness } from './app/health.js'
import { oidcEndpoints } from './auth/oidc.js'
import { refreshToken, refreshTokenByPost, signIn, signOut } from './auth/session.js'
import { groupEndpoints } from './groups/endpoints.js'
import { householdEndpoints } from './households/endpoints.js'
import { mediaEndpoints } from './media/endpoints.js'
import { userEndpoints } from './users/endpoints.js'
import { recipeEndpoints } from './recipes/endpoints.js'
import { recipeExportEndpoints } from './recipes/exports.js'
import { recipeSuggestionEndpoints } from './recipes/suggestions.js'
import { recipeBulkActionEndpoints } from './recipes/bulk-actions.js'
import { organizerEndpointList } from './organizers/endpoints.js'
import { foodEndpoints } from './foods/endpoints.js'
import { cookbookEndpoints } from './cookbooks/endpoints.js'
import { mealplanEndpoints } from './mealplans/endpoints.js'
import { exploreEndpoints } from './explore/endpoints.js'
import { recipeActivityEndpoints } from './recipe-activity/endpoints.js'
import { parserEndpoints } from './parser/endpoints.js'
import { getSelf } from './users/self.js'
import { reportEndpoints } from './reports/endpoints.js'
import { migrationEndpoints } from './migrations/endpoints.js'
import { recipeImportEndpoints } from './import/endpoints.js'
import { downloadEndpoints } from './downloads/endpoints.js'
import { liveEndpoints } from './live/endpoints.js'
import { shoppingEndpoints } from './shopping/endpoints.js'
import { webhookEndpoints } from './webhooks/endpoints.js'
import { notifierEndpoints } from './notifiers/endpoints.js'
import { recipeActionEndpoints } from './recipe-actions/endpoints.js'

/** Every endpoint of the API, in the order the OpenAPI document lists them. Each area adds its list here. */
export const allEndpoints: readonly EndpointDefinition[] = [
  getAppInfo,
  getStartupInfo,
  getAppTheme,
  getHealth,
  getReadiness,
  signIn,
  refreshToken,
  refreshTokenByPost,
  signOut,
  ...oidcEndpoints,
  getSelf,
  ...userEndpoints,
  ...groupEndpoints,
  ...householdEndpoints,
  ...adminEndpoints,
  ...adminJobEndpoints,
  ...backupEndpoints,
  ...maintenanceEndpoints,
  ...mediaEndpoints,
  ...recipeEndpoints,
  ...recipeImportEndpoints,
  ...parserEndpoints,
  ...recipeExportEndpoints,
  ...recipeSuggestionEndpoints,
  ...recipeBulkActionEndpoints,
  ...organizerEndpointList,
  ...foodEndpoints,
  ...cookbookEndpoints,
  ...mealplanEndpoints,
  ...exploreEndpoints,
  ...recipeActivityEndpoints,
  ...reportEndpoints,
  ...migrationEndpoints,
  ...downloadEndpoints,
  ...liveEndpoints,
  ...shoppingEndpoints,
  ...webhookEndpoints,
  ...notifierEndpoints,
  ...recipeActionEndpoints,
]
