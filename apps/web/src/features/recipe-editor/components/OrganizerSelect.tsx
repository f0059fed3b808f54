import { MultiSelect } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useStrings } from '@/i18n/use-strings'
import {
  organizerSearchQuery,
  useCreateOrganizer,
  type OrganizerChoice,
  type OrganizerKind,
} from '@/features/recipe-editor/api/organizers'
import { createOptionValue, explainCreateFailure } from './create-problem'

/** Categories, tags or tools of the recipe: search the group's list, pick several, create a missing one. */
export function OrganizerSelect(props: {
  kind: OrganizerKind
  label: string
  value: OrganizerChoice[]
  onChange: (value: OrganizerChoice[]) => void
  canCreate: boolean
}) {
  const { t } = useStrings('recipe-editor')
  const { kind, value } = props
  const [search, setSearch] = useState('')
  const [opened, setOpened] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const [debounced] = useDebouncedValue(search.trim(), 200)
  const found = useQuery({ ...organizerSearchQuery(kind, debounced), enabled: opened })
  const create = useCreateOrganizer(kind)

  const known = new Map<string, OrganizerChoice>()
  for (const item of value) known.set(item.id, item)
  for (const item of found.data?.items ?? []) known.set(item.id, { id: item.id, name: item.name, slug: item.slug })
  const typed = search.trim()
  const exists = [...known.values()].some((item) => item.name.toLocaleLowerCase() === typed.toLocaleLowerCase())
  const data = [...known.values()].map((item) => ({ value: item.id, label: item.name }))
  if (props.canCreate && typed !== '' && !exists) {
    data.push({ value: createOptionValue, label: t('recipeEditor.createNamed', { name: typed }) })
  }

  async function choose(ids: string[]) {
    setProblem(null)
    const chosen = ids.flatMap((id) => {
      const item = known.get(id)
      return item ? [item] : []
    })
    if (!ids.includes(createOptionValue)) return props.onChange(chosen)
    try {
      const created = await create.mutateAsync(typed)
      props.onChange([...chosen, created])
      setSearch('')
    } catch (error) {
      setProblem(explainCreateFailure(error, t, typed))
    }
  }

  return (
    <MultiSelect
      label={props.label}
      searchable
      clearable
      data={data}
      value={value.map((item) => item.id)}
      onChange={(ids) => void choose(ids)}
      searchValue={search}
      onSearchChange={setSearch}
      onDropdownOpen={() => setOpened(true)}
      filter={({ options }) => options}
      nothingFoundMessage={t('recipeEditor.nothingFound')}
      disabled={create.isPending}
      error={problem}
      hidePickedOptions={false}
    />
  )
}
