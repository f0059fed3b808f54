import type { ResourceKey } from 'i18next'
import { featureStrings } from '@/i18n/feature-strings'

/** The editor's strings (locales/recipe-editor.<code>.json), loaded with the editor's chunk rather than with the sign-in page. */
export const useRecipeEditorStrings = featureStrings(import.meta.glob<{ default: ResourceKey }>('./locales/*.json'))
