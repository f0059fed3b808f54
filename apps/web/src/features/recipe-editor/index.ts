/*
 * What other parts of the app use of the recipe editor: the editor itself, which the recipe page mounts lazily
 * when its address says `?edit=true`; the pickers of organizers, units and foods (with "create"), which the import
 * and ingredient-parser screens reuse; and the guard that asks before unsaved edits are lost.
 */
export { RecipeEditor, type RecipeEditorProps } from './components/RecipeEditor'
export { OrganizerSelect } from './components/OrganizerSelect'
export { recipeSettingSwitches } from './components/SettingsSection'
export { RowChoiceSelect } from './components/RowChoiceSelect'
export type { RowChoice } from './components/editor-draft'
export { useUnsavedChangesGuard } from './components/use-unsaved-changes-guard'
