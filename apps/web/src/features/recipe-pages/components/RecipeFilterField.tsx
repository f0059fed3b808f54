import type { QueryFilterPart } from '@larder/contracts'
import { Code, Stack, Switch, Text, Textarea } from '@mantine/core'
import { useId } from 'react'
import { useStrings } from '@/i18n/use-strings'
import { FilterBuilder } from '@/features/recipe-pages/components/FilterBuilder'
import { filterString, rowsFromParts, type FilterRow } from '@/features/recipe-pages/query-filter'

/** Which recipes a cookbook or a meal-plan rule holds, as the person edits it: builder rows, or the filter as text. */
export interface RecipeFilterDraft {
  rows: FilterRow[]
  /** Editing the string itself: the builder cannot show it, or the person chose to. */
  advanced: boolean
  raw: string
}

/** The draft of a saved filter: its rows when the builder can show them, else the text. */
export function recipeFilterDraftOf(
  saved: { parts: readonly QueryFilterPart[]; string: string } | null,
): RecipeFilterDraft {
  if (!saved) return { rows: [], advanced: false, raw: '' }
  const rows = rowsFromParts(saved.parts)
  return { rows: rows ?? [], advanced: rows === null, raw: saved.string }
}

/** The `queryFilterString` the draft saves. */
export const queryFilterStringOf = (draft: RecipeFilterDraft) =>
  draft.advanced ? draft.raw.trim() : filterString(draft.rows)

/**
 * The recipe filter of a form: the builder, a switch to the text (carrying the builder's filter over), and the text
 * it saves shown under the builder, or `everyRecipe` when it holds every recipe.
 */
export function RecipeFilterField(props: {
  draft: RecipeFilterDraft
  onChange: (draft: RecipeFilterDraft) => void
  /** What an empty filter means here ("Every recipe"). */
  everyRecipe: string
}) {
  const { t } = useStrings('recipe-pages')
  const previewId = useId()
  const { draft } = props
  const change = (part: Partial<RecipeFilterDraft>) => props.onChange({ ...draft, ...part })
  return (
    <>
      {!draft.advanced && <FilterBuilder rows={draft.rows} onChange={(rows) => change({ rows })} />}
      <Switch
        label={t('filter.advanced')}
        checked={draft.advanced}
        onChange={(event) => {
          const advanced = event.currentTarget.checked
          change(advanced ? { advanced, raw: filterString(draft.rows) } : { advanced })
        }}
      />
      {draft.advanced ? (
        <Textarea
          label={t('filter.raw')}
          description={t('filter.rawHint')}
          resize="vertical"
          rows={3}
          ff="monospace"
          value={draft.raw}
          onChange={(event) => change({ raw: event.currentTarget.value })}
        />
      ) : (
        <Stack gap={4}>
          <Text size="sm" fw={500} id={previewId}>
            {t('filter.raw')}
          </Text>
          <Code
            block
            aria-labelledby={previewId}
            data-testid="filter-string"
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          >
            {queryFilterStringOf(draft) || props.everyRecipe}
          </Code>
        </Stack>
      )}
    </>
  )
}
