import { Anchor, Checkbox, CheckIcon, Stack, Title, useMantineTheme } from '@mantine/core'
import { IconArrowUpRight } from '@tabler/icons-react'
import { Fragment, useId, useMemo, type CSSProperties, type ReactNode } from 'react'
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
        <span className="recipe-ingredient__note">
          {amount || parts.foodText ? ' ' : ''}
          {parts.note}
        </span>
      )}
    </>
  )
}

/**
 * Mantine's Checkbox at size md, radius sm: the CSS variables it sets on its root, from the theme, and the size its
 * own root class defines (`Checkbox.classes.root` is the inline input's class, which does not).
 */
function useCheckboxVariables(): CSSProperties {
  const theme = useMantineTheme()
  return useMemo(() => {
    const resolved = Checkbox.varsResolver(theme, { size: 'md', radius: 'sm', variant: 'filled' }, undefined).root
    return {
      ...resolved,
      '--checkbox-size': 'calc(1.5rem * var(--mantine-scale))',
      '--checkbox-icon-color': resolved['--checkbox-icon-color'] ?? 'var(--mantine-color-white)',
      '--label-fz': 'var(--mantine-font-size-md)',
      '--label-lh': 'var(--label-lh-md)',
      flex: 1,
    } as CSSProperties
  }, [theme])
}

/**
 * One ingredient's checkbox: Mantine's Checkbox (size md) as it draws itself, its classes and variables, in plain
 * elements. Forty of Mantine's components (each a few more inside, its styles resolved per render) were most of the
 * task that puts a long recipe on screen (Lighthouse's blocking time, DESIGN §9).
 */
function IngredientCheckbox(props: {
  id: string
  checked: boolean
  label: string | undefined
  variables: CSSProperties
  onToggle: () => void
  children: ReactNode
}) {
  const classes = Checkbox.classes
  return (
    <div
      className={classes.root}
      data-variant="filled"
      data-size="md"
      data-label-position="right"
      data-checked={props.checked || undefined}
      style={props.variables}
    >
      <div className={classes.body} style={{ alignItems: 'flex-start' }}>
        <div className={classes.inner} data-label-position="right">
          <input
            className={`mantine-focus-auto ${classes.input}`}
            data-with-error-styles="true"
            id={props.id}
            type="checkbox"
            checked={props.checked}
            aria-label={props.label}
            onChange={props.onToggle}
          />
          <CheckIcon className={classes.icon} />
        </div>
        <div className={classes.labelWrapper} style={{ width: '100%' }}>
          <label className={classes.label} htmlFor={props.id}>
            {props.children}
          </label>
        </div>
      </div>
    </div>
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
  const idPrefix = useId()
  const checkboxVariables = useCheckboxVariables()
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
              <div className="recipe-check__row">
                <IngredientCheckbox
                  id={`${idPrefix}-${index}`}
                  checked={checked}
                  label={wordless && sub ? sub.name : undefined}
                  variables={checkboxVariables}
                  onToggle={() => props.onToggle(ingredient.referenceId)}
                >
                  <span className="recipe-check__text">
                    <IngredientText shown={shown} />
                  </span>
                </IngredientCheckbox>
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
              </div>
            </li>
          </Fragment>
        )
      })}
    </Stack>
  )
}
