import type { Recipe, RecipeSummary } from '@larder/contracts'
import { Button, Checkbox, Loader, NumberInput, Select, Stack, Text, TextInput, UnstyledButton } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { ingredientDisplay } from '@larder/kitchen'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { DialogActions, DialogShell } from '@/components/DialogShell'
import { notifySuccess } from '@/components/feedback'
import { recipeListQuery, recipeQuery } from '@/features/recipes/api/recipes'
import { useShoppingLists } from '@/features/shopping/api/shopping-queries'
import { useAddRecipeToList } from '@/features/shopping/api/shopping-writes'
import { useStrings } from '@/i18n/use-strings'

/**
 * Adds a recipe's ingredients to a list: those ticked (all at first), scaled. Opened from a list it asks which
 * recipe (by search); opened from a recipe it asks which list.
 */
export function AddRecipeDialog(props: {
  opened: boolean
  onClose: () => void
  /** The list to add to; without it the dialog offers the household's lists. */
  listId?: string
  /** The recipe to add; without it the dialog searches the recipes. */
  recipe?: Recipe
  /** The recipe page's scale, the dialog's first value. */
  scale?: number
}) {
  const { t } = useStrings('shopping')
  return (
    <DialogShell opened={props.opened} onClose={props.onClose} title={t('shopping.addRecipe.title')}>
      {props.opened && <AddRecipeForm {...props} />}
    </DialogShell>
  )
}

function AddRecipeForm(props: { onClose: () => void; listId?: string; recipe?: Recipe; scale?: number }) {
  const { t } = useStrings('shopping')
  const [slug, setSlug] = useState<string | null>(props.recipe?.slug ?? null)
  const recipeAnswer = useQuery({ ...recipeQuery(slug ?? ''), enabled: slug !== null && !props.recipe })
  const recipe = props.recipe ?? (slug ? recipeAnswer.data : undefined)
  const lists = useShoppingLists()
  const [listId, setListId] = useState<string | null>(props.listId ?? null)
  const [scale, setScale] = useState<number>(props.scale ?? 1)
  const [unticked, setUnticked] = useState<ReadonlySet<string>>(new Set())
  const add = useAddRecipeToList()

  const ingredients = recipe?.recipeIngredient ?? []
  const chosen = ingredients.filter((ingredient) => !unticked.has(ingredient.referenceId))
  const listChoices = (lists.data?.items ?? []).map((list) => ({ value: list.id, label: list.name ?? '' }))
  const effectiveListId = listId ?? (listChoices.length === 1 ? listChoices[0]!.value : null)
  const toggle = (referenceId: string) =>
    setUnticked((before) => {
      const next = new Set(before)
      if (next.has(referenceId)) next.delete(referenceId)
      else next.add(referenceId)
      return next
    })

  const submit = () => {
    if (!recipe || !effectiveListId || chosen.length === 0 || !(scale > 0)) return
    add({
      listId: effectiveListId,
      recipeId: recipe.id,
      body: {
        recipeIncrementQuantity: scale,
        // All of them: null, so that the server takes the recipe as it is stored.
        recipeIngredientReferences:
          chosen.length === ingredients.length ? null : chosen.map((ingredient) => ingredient.referenceId),
      },
    })
    // Made (and sent, or queued until the device is online); a refusal shows on the list as a refused write.
    notifySuccess(t('shopping.addRecipe.added', { recipe: recipe.name ?? '' }))
    props.onClose()
  }

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault()
        submit()
      }}
    >
      <Stack gap="sm">
        {!props.listId && (
          <Select
            label={t('shopping.addRecipe.list')}
            data={listChoices}
            value={effectiveListId}
            onChange={setListId}
            placeholder={lists.isPending ? t('common.loading') : undefined}
            nothingFoundMessage={t('shopping.lists.empty')}
          />
        )}
        {!props.recipe && (
          <RecipeSearch
            chosen={recipe ?? null}
            onChoose={(summary) => {
              setSlug(summary?.slug ?? null)
              setUnticked(new Set())
            }}
          />
        )}
        {slug && !recipe && recipeAnswer.isPending && <Loader size="sm" aria-label={t('common.loading')} />}
        {recipe && (
          <>
            <NumberInput
              label={t('shopping.addRecipe.scale')}
              min={0.25}
              max={1000}
              step={0.5}
              decimalScale={2}
              value={scale}
              onChange={(value) => setScale(typeof value === 'number' ? value : Number(value))}
            />
            <Checkbox.Group label={t('shopping.addRecipe.ingredients')}>
              <Stack gap={6} mt={4}>
                {ingredients.length === 0 && (
                  <Text size="sm" c="dimmed">
                    {t('shopping.addRecipe.noIngredients')}
                  </Text>
                )}
                {ingredients.map((ingredient) => (
                  <Checkbox
                    key={ingredient.referenceId}
                    label={ingredient.display || ingredientDisplay(ingredient)}
                    checked={!unticked.has(ingredient.referenceId)}
                    onChange={() => toggle(ingredient.referenceId)}
                  />
                ))}
              </Stack>
            </Checkbox.Group>
          </>
        )}
        <DialogActions onCancel={props.onClose}>
          <Button type="submit" disabled={!recipe || !effectiveListId || chosen.length === 0 || !(scale > 0)}>
            {t('shopping.addRecipe.submit', { count: chosen.length })}
          </Button>
        </DialogActions>
      </Stack>
    </form>
  )
}

/** A search box over the group's recipes, and the matches to choose from. */
function RecipeSearch(props: { chosen: Recipe | null; onChoose: (recipe: RecipeSummary | null) => void }) {
  const { t } = useStrings('shopping')
  const [text, setText] = useState('')
  const [search] = useDebouncedValue(text.trim(), 250)
  const results = useQuery({
    ...recipeListQuery({ search, page: 1, perPage: 8, orderBy: 'name', orderDirection: 'asc' }),
    enabled: search.length > 0 && props.chosen === null,
  })
  if (props.chosen) {
    return (
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {props.chosen.name}
        </Text>
        <Button variant="subtle" size="compact-sm" onClick={() => props.onChoose(null)} style={{ alignSelf: 'start' }}>
          {t('shopping.addRecipe.another')}
        </Button>
      </Stack>
    )
  }
  const found = results.data?.items ?? []
  return (
    <Stack gap={4}>
      <TextInput
        label={t('shopping.addRecipe.search')}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        data-autofocus
      />
      {search && results.isFetching && <Loader size="xs" aria-label={t('common.loading')} />}
      {search && !results.isFetching && found.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('shopping.addRecipe.noMatch')}
        </Text>
      )}
      <Stack
        component="ul"
        gap={2}
        aria-label={t('shopping.addRecipe.matches')}
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {found.map((summary) => (
          <li key={summary.id}>
            <UnstyledButton
              p={6}
              w="100%"
              onClick={() => props.onChoose(summary)}
              style={{ borderRadius: 'var(--mantine-radius-sm)' }}
            >
              {summary.name}
            </UnstyledButton>
          </li>
        ))}
      </Stack>
    </Stack>
  )
}
