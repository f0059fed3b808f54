import { Anchor, Stack, Title } from '@mantine/core'
import { IconArrowUpRight } from '@tabler/icons-react'
import { Fragment } from 'react'
import { useStrings } from '@/i18n/use-strings'
import { Link } from 'react-router'
import { paths } from '@/app/paths'
import { partsText, type ShownIngredient } from '@/features/recipes/recipe-scaling'

/** One ingredient's words: quantity and unit in bold, the food, the note dimmed. */
export function IngredientText({ shown }: { shown: ShownIngredient }) {
  const { parts } = shown
  if (!parts.amountsEnabled) return <>{partsText(parts) || shown.ingredient.display}</>
  const amount = [parts.quantityText, parts.unitText].filter(Boolean).join(' ')
  return (
    <>
      {amount && <strong>{amount}</strong>}
      {amount && parts.foodText ? ' ' : ''}
      {parts.foodText}
      {parts.note && (
        <span className="recipe-ingredient__note">
          {amount || parts.foodText ? ' ' : ''}
          {parts.note}
        </span>
      )}
    </>
  )
}

/**
 * The ingredient checklist: section titles where an ingredient starts a section, a checkbox per ingredient
 * (tap the line or Space to tick; ticks last for the session) and a link to a sub-recipe.
 * Each line is a label around a native checkbox drawn as Mantine's (recipes.css): Mantine's Checkbox markup, ten
 * elements a line, made the style and layout of a long recipe the page's longest tasks after the app drew it
 * (the local build's time to interactive, docs/budgets.md "Web budgets").
 */
export function IngredientList(props: {
  ingredients: ShownIngredient[]
  groupSlug: string
  checked: string[]
  onToggle: (referenceId: string) => void
}) {
  const { t } = useStrings('recipes')
  return (
    <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="ingredient-list">
      {props.ingredients.map((shown, index) => {
        const { ingredient } = shown
        const checked = props.checked.includes(ingredient.referenceId)
        const sub = ingredient.referencedRecipe
        // A line that is only a sub-recipe (no amount, food or note) has no words of its own: the checkbox takes the
        // sub-recipe's name, or it would have no name at all.
        const wordless = !(partsText(shown.parts) || ingredient.display).trim()
        return (
          <Fragment key={`${ingredient.referenceId}-${index}`}>
            {ingredient.title && (
              <li>
                <Title order={3} fz="md" mt={index === 0 ? 0 : 'md'} mb={4}>
                  {ingredient.title}
                </Title>
              </li>
            )}
            <li className="recipe-check" data-checked={checked}>
              <label className="recipe-check__label">
                <input
                  className="recipe-check__box mantine-focus-auto"
                  type="checkbox"
                  checked={checked}
                  aria-label={wordless && sub ? sub.name : undefined}
                  onChange={() => props.onToggle(ingredient.referenceId)}
                />
                <span className="recipe-check__text">
                  <IngredientText shown={shown} />
                </span>
              </label>
              {sub && (
                <Anchor
                  component={Link}
                  to={paths.groupRecipe(props.groupSlug, sub.slug)}
                  size="sm"
                  className="recipe-check__sub-recipe"
                >
                  {t('page.subRecipe', { name: sub.name })}
                  <IconArrowUpRight
                    size={14}
                    aria-hidden="true"
                    style={{ verticalAlign: 'middle', marginInlineStart: 2 }}
                  />
                </Anchor>
              )}
            </li>
          </Fragment>
        )
      })}
    </Stack>
  )
}
