import { Select } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { useQuery } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { useStrings } from '@/i18n/use-strings'
import {
  foodSearchQuery,
  unitSearchQuery,
  useCreateFood,
  useCreateUnit,
} from '@/features/recipe-editor/api/units-foods'
import { createOptionValue, explainCreateFailure } from './create-problem'
import type { RowChoice } from './editor-draft'

const valueOf = (choice: RowChoice) => choice.id ?? `name:${choice.name}`

/**
 * The unit or food of an ingredient: searches the group's list as the person types (GET /api/units or /api/foods
 * with `search`) and offers "Create 'x'" when nothing is called exactly that and the person may organize.
 */
export function RowChoiceSelect(props: {
  kind: 'unit' | 'food'
  label: string
  value: RowChoice | null
  onChange: (value: RowChoice | null) => void
  canCreate: boolean
  error?: ReactNode
}) {
  const { t } = useStrings('recipe-editor')
  const { kind, value } = props
  const [search, setSearch] = useState(value?.name ?? '')
  const [opened, setOpened] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  // Showing the chosen name is not a search: the whole list is offered until the person types something else.
  const searchText = value && search === value.name ? '' : search.trim()
  const [debounced] = useDebouncedValue(searchText, 200)
  const units = useQuery({ ...unitSearchQuery(debounced), enabled: opened && kind === 'unit' })
  const foods = useQuery({ ...foodSearchQuery(debounced), enabled: opened && kind === 'food' })
  const createUnit = useCreateUnit()
  const createFood = useCreateFood()
  const creating = createUnit.isPending || createFood.isPending

  const items: RowChoice[] = ((kind === 'unit' ? units.data?.items : foods.data?.items) ?? []).map((item) => ({
    id: item.id,
    name: item.name,
  }))
  if (value && !items.some((item) => valueOf(item) === valueOf(value))) items.unshift(value)
  const typed = searchText
  const exists = items.some((item) => item.name.toLocaleLowerCase() === typed.toLocaleLowerCase())
  const data = items.map((item) => ({ value: valueOf(item), label: item.name }))
  if (props.canCreate && typed !== '' && !exists) {
    data.push({ value: createOptionValue, label: t('recipeEditor.createNamed', { name: typed }) })
  }

  async function choose(chosen: string | null) {
    setProblem(null)
    if (chosen === null) return props.onChange(null)
    if (chosen !== createOptionValue) {
      const item = items.find((candidate) => valueOf(candidate) === chosen)
      if (item) props.onChange(item)
      return
    }
    try {
      const created = kind === 'unit' ? await createUnit.mutateAsync(typed) : await createFood.mutateAsync(typed)
      props.onChange({ id: created.id, name: created.name })
      setSearch(created.name)
    } catch (error) {
      setProblem(explainCreateFailure(error, t, typed))
    }
  }

  return (
    <Select
      label={props.label}
      searchable
      clearable
      data={data}
      value={value ? valueOf(value) : null}
      onChange={(chosen) => void choose(chosen)}
      searchValue={search}
      onSearchChange={setSearch}
      onDropdownOpen={() => setOpened(true)}
      filter={({ options }) => options}
      nothingFoundMessage={t('recipeEditor.nothingFound')}
      disabled={creating}
      error={problem ?? props.error}
      comboboxProps={{ withinPortal: true }}
      size="sm"
    />
  )
}
