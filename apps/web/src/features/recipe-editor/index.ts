/*
 * What other parts of the app use of the recipe editor: the editor itself, which the recipe page mounts lazily
 * when its address says `?edit=true`.
 */
export { RecipeEditor, type RecipeEditorProps } from './components/RecipeEditor'
