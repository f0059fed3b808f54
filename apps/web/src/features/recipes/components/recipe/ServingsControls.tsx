import { ActionIcon, Button, Group, Stack, Text } from '@mantine/core'
import { IconMinus, IconPlus } from '@tabler/icons-react'
import { useStrings } from '@/i18n/use-strings'
import type { UnitSystem } from '@/features/recipes/recipe-scaling'
import { UnitsToggle } from './UnitsToggle'

/** Rounds a servings count or factor for reading: 1.5, 2, 0.25. */
const readable = (value: number) => String(Math.round(value * 100) / 100)

/**
 * The servings scaler (− / + / reset) and the unit toggle (as written, metric, US). Without servings in the recipe
 * the scaler works on a factor (×½ … ×2).
 */
export function ServingsControls(props: {
  base: number | null
  servings: number
  onServings: (servings: number) => void
  units: UnitSystem
  onUnits: (units: UnitSystem) => void
}) {
  const { t } = useStrings('recipes')
  const reference = props.base ?? 1
  const step = props.base ? 1 : 0.5
  const minimum = props.base ? Math.min(1, props.base) : 0.5
  const changed = props.servings !== reference
  const value = props.base
    ? t('page.servingsCount', { value: readable(props.servings) })
    : t('page.factor', { value: readable(props.servings) })
  return (
    <Stack gap="xs" className="no-print">
      <Group gap="xs" wrap="nowrap" justify="space-between">
        <Group gap={6} wrap="nowrap" role="group" aria-label={t('page.scale')}>
          <ActionIcon
            variant="default"
            size={36}
            onClick={() => props.onServings(Math.max(minimum, props.servings - step))}
            disabled={props.servings <= minimum}
            aria-label={t('page.fewer')}
          >
            <IconMinus size={16} />
          </ActionIcon>
          <Text fw={600} miw={96} ta="center" aria-live="polite" data-testid="servings-value">
            {value}
          </Text>
          <ActionIcon
            variant="default"
            size={36}
            onClick={() => props.onServings(props.servings + step)}
            aria-label={t('page.more')}
          >
            <IconPlus size={16} />
          </ActionIcon>
        </Group>
        {changed && (
          <Button variant="subtle" size="compact-sm" onClick={() => props.onServings(reference)}>
            {t('common.reset')}
          </Button>
        )}
      </Group>
      <UnitsToggle
        value={props.units}
        onChange={props.onUnits}
        label={t('page.units')}
        options={[
          { value: 'original', label: t('page.unitsOriginal') },
          { value: 'metric', label: t('page.unitsMetric') },
          { value: 'us', label: t('page.unitsUs') },
        ]}
      />
    </Stack>
  )
}
