/**
 * The schemes the picker offers, each with the Apprise URL form to fill in (docs/mealie-compatibility.md
 * "Notifiers"): choosing one puts its form in the URL field.
 */
export const schemeTemplates = [
  { scheme: 'ntfys', label: 'ntfy', template: 'ntfys://ntfy.sh/{topic}' },
  { scheme: 'gotifys', label: 'Gotify', template: 'gotifys://{host}/{token}' },
  { scheme: 'discord', label: 'Discord', template: 'discord://{webhook_id}/{webhook_token}' },
  { scheme: 'slack', label: 'Slack', template: 'slack://{tokenA}/{tokenB}/{tokenC}/#{channel}' },
  { scheme: 'tgram', label: 'Telegram', template: 'tgram://{bot_token}/{chat_id}' },
  { scheme: 'hassio', label: 'Home Assistant', template: 'hassio://{host}/{long_lived_token}' },
  { scheme: 'matrixs', label: 'Matrix', template: 'matrixs://{user}:{password}@{host}/#{room}' },
  { scheme: 'pover', label: 'Pushover', template: 'pover://{user_key}@{app_token}' },
  { scheme: 'mailtos', label: 'E-mail', template: 'mailtos://{user}:{password}@{domain}?to={address}' },
  { scheme: 'jsons', label: 'JSON (webhook)', template: 'jsons://{host}/{path}' },
  { scheme: 'forms', label: 'Form (webhook)', template: 'forms://{host}/{path}' },
  { scheme: 'xmls', label: 'XML (webhook)', template: 'xmls://{host}/{path}' },
  { scheme: 'apprises', label: 'Apprise API', template: 'apprises://{host}/{config_key}' },
] as const

/** The event options as Mealie's screen groups them (and Larder's own last); data migrations, exports and imports are never sent. */
export const eventGroups = [
  { group: 'recipe', flags: ['recipeCreated', 'recipeUpdated', 'recipeDeleted'] },
  { group: 'user', flags: ['userSignup'] },
  { group: 'mealplan', flags: ['mealplanEntryCreated'] },
  { group: 'shoppingList', flags: ['shoppingListCreated', 'shoppingListUpdated', 'shoppingListDeleted'] },
  { group: 'cookbook', flags: ['cookbookCreated', 'cookbookUpdated', 'cookbookDeleted'] },
  { group: 'tag', flags: ['tagCreated', 'tagUpdated', 'tagDeleted'] },
  { group: 'category', flags: ['categoryCreated', 'categoryUpdated', 'categoryDeleted'] },
  // Larder's own: a webhook message that failed its last attempt.
  { group: 'webhook', flags: ['webhookFailed'] },
] as const
