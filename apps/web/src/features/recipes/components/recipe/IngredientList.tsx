import { Anchor, Checkbox, Group, Stack, Text, Title } from '@mantine/core'
import { IconArrowUpRight } from '@tabler/icons-react'
import { Fragment } from 'react'
import { useStrings } from '@/i18n/use-strings'
import { Link } from 'react-router'
import { paths } from '@/routes/paths'
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
        <Text span c="dimmed" inherit>
          {amount || parts.foodText ? ' ' : ''}
          {parts.note}
        </Text>
      )}
    </>
  )
}

/**
 * The ingredient checklist: section titles where an ingredient starts a section, a checkbox per ingredient
 * (tap or Space to tick; ticks last for the session) and a link to a sub-recipe.
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
              <Group gap="xs" wrap="nowrap" align="flex-start" py={6}>
                <Checkbox
                  checked={checked}
                  aria-label={wordless && sub ? sub.name : undefined}
                  onChange={() => props.onToggle(ingredient.referenceId)}
                  size="md"
                  radius="sm"
                  styles={{ body: { alignItems: 'flex-start' }, labelWrapper: { width: '100%' } }}
                  label={
                    <span className="recipe-check__text">
                      <IngredientText shown={shown} />
                    </span>
                  }
                  style={{ flex: 1 }}
                />
                {sub && (
                  <Anchor
                    component={Link}
                    to={paths.groupRecipe(props.groupSlug, sub.slug)}
                    size="sm"
                    style={{ minWidth: 0, overflowWrap: 'anywhere' }}
                  >
                    {t('page.subRecipe', { name: sub.name })}
                    <IconArrowUpRight
                      size={14}
                      aria-hidden="true"
                      style={{ verticalAlign: 'middle', marginInlineStart: 2 }}
                    />
                  </Anchor>
                )}
              </Group>
            </li>
          </Fragment>
        )
      })}
    </Stack>
  )
}
