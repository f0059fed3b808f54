import { useLocalStorage } from '@mantine/hooks'

/** The choices of the URL and HTML imports, remembered in this browser between imports. */
export interface ImportOptions {
  includeTags: boolean
  includeCategories: boolean
  /** Open the editor after the import. */
  stayInEditMode: boolean
  /** Open the ingredient parser after the import. */
  parseIngredients: boolean
}

const defaults: ImportOptions = {
  includeTags: false,
  includeCategories: false,
  stayInEditMode: false,
  parseIngredients: false,
}

export function useImportOptions() {
  return useLocalStorage<ImportOptions>({
    key: 'larder.import.options',
    defaultValue: defaults,
    getInitialValueInEffect: false,
    deserialize: (value) => {
      try {
        return value ? { ...defaults, ...(JSON.parse(value) as Partial<ImportOptions>) } : defaults
      } catch {
        return defaults
      }
    },
  })
}

/** Where the person goes after an import: the parser, the editor or the recipe, as they chose. */
export function pathAfterImport(recipePath: string, options: ImportOptions): string {
  if (options.parseIngredients) return `${recipePath}/ingredient-parser`
  if (options.stayInEditMode) return `${recipePath}?edit=true`
  return recipePath
}
