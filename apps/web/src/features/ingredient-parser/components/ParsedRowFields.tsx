import { Button, Grid, Group, NumberInput, Paper, Stack, Text, TextInput } from '@mantine/core'
import { IconPlus } from '@tabler/icons-react'
import { useState } from 'react'
import { useStrings } from '@/i18n/use-strings'
import { RowChoiceSelect, type RowChoice } from '@/features/recipe-editor'
import { confidenceLevel, percentOf } from '@/features/ingredient-parser/confidence'
import type { ParsedRow } from '@/features/ingredient-parser/parsed-rows'
import { ConfidenceBadge } from './ConfidenceBadge'

/** "Not sure (45%)" under a part the parser doubts; nothing when it is sure or does not say. */
function useDoubt() {
  const { t } = useStrings('ingredient-parser')
  return (value: number | null | undefined) => {
    const level = confidenceLevel(value)
    if (level === 'sure' || level === 'unknown') return undefined
    return (
      <Text span size="xs" c={level === 'doubtful' ? 'error' : 'warning.8'}>
        {t('confidence.partDoubt', { percent: percentOf(value!) })}
      </Text>
    )
  }
}

/** One line under review: the original, the parse's parts to correct, and "create" for a unit or food not yet known. */
export function ParsedRowFields(props: {
  index: number
  row: ParsedRow
  canOrganize: boolean
  onChange: (change: Partial<ParsedRow>) => void
  onCreate: (kind: 'unit' | 'food', name: string) => Promise<RowChoice | null>
}) {
  const { t } = useStrings('ingredient-parser')
  const { row, onChange } = props
  const doubt = useDoubt()
  const confidence = row.confidence
  const [creating, setCreating] = useState<'unit' | 'food' | null>(null)

  async function create(kind: 'unit' | 'food', name: string) {
    setCreating(kind)
    const created = await props.onCreate(kind, name)
    setCreating(null)
    if (created) onChange(kind === 'unit' ? { unit: created } : { food: created })
  }

  const missing = (['unit', 'food'] as const).filter((kind) => row[kind] && row[kind].id === null)
  return (
    <Paper component="li" withBorder radius="sm" p="sm">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="xs" c="dimmed">
              {t('row.number', { number: props.index + 1 })}
            </Text>
            <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }} id={`line-${row.referenceId}`}>
              {row.line}
            </Text>
          </Stack>
          <ConfidenceBadge value={confidence?.average} />
        </Group>
        <Grid gap="xs" role="group" aria-labelledby={`line-${row.referenceId}`}>
          <Grid.Col span={{ base: 4, sm: 2 }}>
            <NumberInput
              label={t('row.quantity')}
              min={0}
              decimalScale={3}
              hideControls
              value={row.quantity}
              description={doubt(confidence?.quantity)}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              onChange={(quantity) => onChange({ quantity })}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 8, sm: 3 }}>
            <RowChoiceSelect
              kind="unit"
              label={t('row.unit')}
              value={row.unit}
              onChange={(unit) => onChange({ unit })}
              canCreate={props.canOrganize}
            />
            {doubt(confidence?.unit)}
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 3 }}>
            <RowChoiceSelect
              kind="food"
              label={t('row.food')}
              value={row.food}
              onChange={(food) => onChange({ food })}
              canCreate={props.canOrganize}
            />
            {doubt(confidence?.food)}
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TextInput
              label={t('row.note')}
              value={row.note}
              description={doubt(confidence?.comment)}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              onChange={(event) => onChange({ note: event.currentTarget.value })}
            />
          </Grid.Col>
        </Grid>
        {missing.length > 0 && (
          <Group gap="xs">
            {missing.map((kind) => {
              const name = row[kind]!.name
              return props.canOrganize ? (
                <Button
                  key={kind}
                  size="compact-sm"
                  variant="light"
                  leftSection={<IconPlus size={14} />}
                  loading={creating === kind}
                  onClick={() => void create(kind, name)}
                >
                  {t(kind === 'unit' ? 'row.createUnit' : 'row.createFood', { name })}
                </Button>
              ) : (
                <Text key={kind} size="xs" c="dimmed">
                  {t(kind === 'unit' ? 'row.unknownUnit' : 'row.unknownFood', { name })}
                </Text>
              )
            })}
          </Group>
        )}
      </Stack>
    </Paper>
  )
}
