import {
  ActionIcon,
  Button,
  Group,
  MultiSelect,
  NumberInput,
  Paper,
  SimpleGrid,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core'
import { IconPlus, IconTrash } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { everyFoodQuery } from '@/features/foods/api/foods'
import { groupHouseholdsQuery } from '@/features/groups/api/group'
import { everyOrganizerQuery } from '@/features/organizers/api/organizers'
import '@mantine/core/styles/Pill.css'
import '@mantine/core/styles/PillsInput.css'
import { useStrings } from '@/i18n/use-strings'
import {
  attributeOf,
  filterAttributes,
  newRow,
  relativeDates,
  type FilterRow,
  type FilterValueKind,
} from '@/features/recipe-pages/query-filter'

type Option = { value: string; label: string }

/** The choices of a list kind, from its list endpoint; loaded only when a row needs them. */
function useChoices(kind: FilterValueKind, enabled: boolean): { options: Option[]; loading: boolean } {
  const organizer = kind === 'categories' || kind === 'tags' || kind === 'tools' ? kind : 'categories'
  const organizers = useQuery({ ...everyOrganizerQuery(organizer), enabled: enabled && organizer === kind })
  const foods = useQuery({ ...everyFoodQuery, enabled: enabled && kind === 'foods' })
  const households = useQuery({ ...groupHouseholdsQuery, enabled: enabled && kind === 'households' })
  const source = kind === 'foods' ? foods : kind === 'households' ? households : organizers
  const items = (source.data?.items ?? []) as { id: string; name: string }[]
  return { options: items.map((item) => ({ value: item.id, label: item.name })), loading: source.isPending }
}

const customDate = 'custom'

function DateValue(props: { value: string; label: string; onChange: (value: string) => void }) {
  const { t } = useStrings('recipe-pages')
  const relative = (relativeDates as readonly string[]).includes(props.value)
  const choice = props.value === '' ? null : relative ? props.value : customDate
  return (
    <Group gap="xs" grow wrap="nowrap">
      <Select
        aria-label={props.label}
        placeholder={t('filter.pickDate')}
        data={[
          ...relativeDates.map((value) => ({ value, label: t(`filter.relative.${value.slice(5)}`) })),
          { value: customDate, label: t('filter.onDate') },
        ]}
        value={choice}
        onChange={(value) =>
          props.onChange(value === customDate ? new Date().toISOString().slice(0, 10) : (value ?? ''))
        }
        allowDeselect={false}
      />
      {choice === customDate && (
        <TextInput
          type="date"
          aria-label={t('filter.date')}
          value={props.value}
          onChange={(event) => props.onChange(event.currentTarget.value)}
        />
      )}
    </Group>
  )
}

function RowEditor(props: { row: FilterRow; index: number; onChange: (row: FilterRow) => void; onRemove: () => void }) {
  const { t } = useStrings('recipe-pages')
  const { row, index } = props
  const attribute = attributeOf(row.attribute)
  const listKind = ['categories', 'tags', 'tools', 'foods', 'households'].includes(attribute.kind)
  const choices = useChoices(attribute.kind, listKind)
  const number = index + 1
  const valueLabel = t('filter.valueOf', { number })
  return (
    <Paper withBorder radius="md" p="sm" data-testid="filter-row">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          {index === 0 ? (
            <Text size="sm" fw={600}>
              {t('filter.where')}
            </Text>
          ) : (
            <Button.Group aria-label={t('filter.joinOf', { number })}>
              {(['AND', 'OR'] as const).map((join) => (
                <Button
                  key={join}
                  size="compact-sm"
                  variant={row.join === join ? 'filled' : 'default'}
                  aria-pressed={row.join === join}
                  onClick={() => props.onChange({ ...row, join })}
                >
                  {join === 'AND' ? t('filter.and') : t('filter.or')}
                </Button>
              ))}
            </Button.Group>
          )}
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={t('filter.removeRow', { number })}
            onClick={props.onRemove}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
          <Select
            aria-label={t('filter.attributeOf', { number })}
            data={filterAttributes.map((item) => ({ value: item.key, label: t(`filter.attributes.${item.key}`) }))}
            value={row.attribute}
            allowDeselect={false}
            onChange={(key) => {
              if (!key || key === row.attribute) return
              const next = newRow(key)
              props.onChange({ ...next, join: row.join })
            }}
          />
          <Select
            aria-label={t('filter.operatorOf', { number })}
            data={attribute.operators.map((operator) => ({
              value: operator,
              label: t(`filter.operators.${operator.replaceAll(' ', '_')}`),
            }))}
            value={row.operator}
            allowDeselect={false}
            onChange={(operator) => operator && props.onChange({ ...row, operator: operator })}
          />
        </SimpleGrid>
        {listKind && (
          <MultiSelect
            aria-label={valueLabel}
            placeholder={choices.loading ? t('filter.loadingChoices') : t('filter.pick')}
            data={choices.options}
            value={row.values}
            onChange={(values) => props.onChange({ ...row, values })}
            searchable
            clearable
            nothingFoundMessage={t('filter.noChoices')}
            comboboxProps={{ withinPortal: true }}
          />
        )}
        {attribute.kind === 'number' && (
          <NumberInput
            aria-label={valueLabel}
            min={0}
            max={5}
            step={1}
            value={row.values[0] ?? ''}
            onChange={(value) => props.onChange({ ...row, values: value === '' ? [] : [String(value)] })}
          />
        )}
        {attribute.kind === 'date' && (
          <DateValue
            label={valueLabel}
            value={row.values[0] ?? ''}
            onChange={(value) => props.onChange({ ...row, values: value ? [value] : [] })}
          />
        )}
        {attribute.kind === 'text' && (
          <TextInput
            aria-label={valueLabel}
            placeholder={t('filter.textHint')}
            value={row.values[0] ?? ''}
            onChange={(event) => {
              const value = event.currentTarget.value
              props.onChange({ ...row, values: value ? [value] : [] })
            }}
          />
        )}
      </Stack>
    </Paper>
  )
}

/** Rows of attribute × operator × value joined by AND/OR: what a cookbook's `queryFilterString` is built from. */
export function FilterBuilder(props: { rows: FilterRow[]; onChange: (rows: FilterRow[]) => void }) {
  const { t } = useStrings('recipe-pages')
  const { rows } = props
  return (
    <Stack gap="xs" role="group" aria-label={t('filter.builder')}>
      {rows.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('filter.none')}
        </Text>
      )}
      {rows.map((row, index) => (
        <RowEditor
          key={index}
          row={row}
          index={index}
          onChange={(changed) => props.onChange(rows.map((item, at) => (at === index ? changed : item)))}
          onRemove={() => props.onChange(rows.filter((_, at) => at !== index))}
        />
      ))}
      <Button
        variant="light"
        leftSection={<IconPlus size={16} />}
        onClick={() => props.onChange([...rows, newRow()])}
        style={{ alignSelf: 'flex-start' }}
      >
        {t('filter.addRow')}
      </Button>
    </Stack>
  )
}
