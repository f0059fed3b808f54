import type { RecipeSummary } from '@larder/contracts'
import { Loader, Select } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useStrings } from '@/i18n/use-strings'
import { recipeListQuery } from '@/features/recipes/api/recipes'

export type PickedRecipe = Pick<RecipeSummary, 'id' | 'name'>

/** Search the group's recipes as you type (the server searches) and pick one. */
export function RecipePicker(props: { value: PickedRecipe | null; onChange: (recipe: PickedRecipe | null) => void }) {
  const { t } = useStrings('mealplans')
  const [search, setSearch] = useState(props.value?.name ?? '')
  const [settled] = useDebouncedValue(search, 250)
  // Once a recipe is picked the field shows its name: that is not a new search.
  const asked = props.value && settled === props.value.name ? '' : settled.trim()
  const recipes = useQuery({
    ...recipeListQuery({
      page: 1,
      perPage: 20,
      orderBy: 'name',
      orderDirection: 'asc',
      ...(asked ? { search: asked } : {}),
    }),
    placeholderData: keepPreviousData,
  })
  const found = recipes.data?.items ?? []
  const options = [
    ...(props.value && !found.some((recipe) => recipe.id === props.value?.id) ? [props.value] : []),
    ...found,
  ].map((recipe) => ({ value: recipe.id, label: recipe.name }))

  return (
    <Select
      label={t('mealplans.add.recipe')}
      placeholder={t('mealplans.add.recipePlaceholder')}
      searchable
      clearable
      data={options}
      value={props.value?.id ?? null}
      searchValue={search}
      onSearchChange={setSearch}
      // The server has searched already; the field's own filter would hide a match by ingredient or description.
      filter={({ options: all }) => all}
      onChange={(id, option) => props.onChange(id && option ? { id, name: option.label } : null)}
      nothingFoundMessage={recipes.isFetching ? undefined : t('mealplans.add.noRecipes')}
      rightSection={recipes.isFetching ? <Loader size="xs" /> : undefined}
      comboboxProps={{ withinPortal: true }}
      data-autofocus
    />
  )
}
