import { useTranslation } from 'react-i18next'

/** The namespaces of strings that load with their pages, not with the app (i18n.ts). */
export type StringsNamespace =
  | 'organize'
  | 'recipes'
  | 'recipe-editor'
  | 'recipe-pages'
  | 'recipe-import'
  | 'reports'
  | 'migrations'
  | 'ingredient-parser'
  | 'admin-debug'
  | 'mealplans'
  | 'shopping'
  | 'webhooks'
  | 'notifiers'
  | 'backups'

/**
 * `useTranslation` for a page area whose strings live in their own namespace: the first render suspends (the page's
 * Suspense boundary shows its loader) until the namespace of the current language has arrived. Keys the namespace
 * lacks fall back to the core strings (`common.cancel`).
 */
export function useStrings(namespace: StringsNamespace) {
  return useTranslation(namespace, { useSuspense: true })
}
