import { planEntryTypes, planRuleDays, type PlanRulesOut } from '@larder/contracts'
import { Divider, Group, MultiSelect, NumberInput, TextInput } from '@mantine/core'
import '@mantine/core/styles/Pill.css'
import '@mantine/core/styles/PillsInput.css'
import { useState, type FormEvent } from 'react'
import { errorMessageOf, FormDialog } from '@/components/data-table/FormDialog'
import { notifySuccess } from '@/components/feedback'
import { useStrings } from '@/i18n/use-strings'
import {
  queryFilterStringOf,
  RecipeFilterField,
  recipeFilterDraftOf,
  type RecipeFilterDraft,
} from '@/features/recipe-pages'
import { useSaveRule } from '@/features/mealplans/api/mealplans'
import { formatRuleDay } from '@/features/mealplans/week'
import { entryTypeOptions } from './entry-types'

interface Draft extends RecipeFilterDraft {
  name: string
  days: string[]
  entryTypes: string[]
  atMost: number | ''
  atLeast: number | ''
}

function draftOf(rule: PlanRulesOut | null): Draft {
  if (!rule) return { name: '', days: [], entryTypes: [], ...recipeFilterDraftOf(null), atMost: '', atLeast: '' }
  return {
    name: rule.name,
    days: rule.days,
    entryTypes: rule.entryTypes,
    ...recipeFilterDraftOf({ parts: rule.queryFilter.parts, string: rule.queryFilterString }),
    atMost: rule.atMostPerWeek ?? '',
    atLeast: rule.atLeastPerWeek ?? '',
  }
}

const limitOf = (value: number | '') => (value === '' ? null : value)

/**
 * Create or edit a meal-plan rule: its days and meal types (none = any), the recipes it picks from (the cookbooks'
 * filter builder, or the filter as text), and optional limits per week.
 */
export function RuleDialog(props: {
  /** The rule to edit; null to create one; undefined when closed. */
  rule: PlanRulesOut | null | undefined
  onClose: () => void
}) {
  const { t, i18n } = useStrings('mealplans')
  const [draft, setDraft] = useState<Draft>(() => draftOf(props.rule ?? null))
  const [openedFor, setOpenedFor] = useState(props.rule)
  const save = useSaveRule()
  if (openedFor !== props.rule) {
    setOpenedFor(props.rule)
    setDraft(draftOf(props.rule ?? null))
    save.reset()
  }
  const change = (part: Partial<Draft>) => setDraft((current) => ({ ...current, ...part }))
  const queryFilterString = queryFilterStringOf(draft)
  const limitsClash = draft.atMost !== '' && draft.atLeast !== '' && draft.atLeast > draft.atMost

  function submit(event?: FormEvent<HTMLFormElement>) {
    event?.preventDefault()
    if (limitsClash) return
    const rule = props.rule
    save.mutate(
      {
        id: rule?.id,
        body: {
          name: draft.name.trim(),
          day: 'unset',
          entryType: 'unset',
          days: planRuleDays.filter((day) => draft.days.includes(day)),
          entryTypes: planEntryTypes.filter((type) => draft.entryTypes.includes(type)),
          queryFilterString,
          atMostPerWeek: limitOf(draft.atMost),
          atLeastPerWeek: limitOf(draft.atLeast),
        },
      },
      {
        onSuccess: () => {
          notifySuccess(rule ? t('mealplans.settings.ruleSaved') : t('mealplans.settings.ruleCreated'))
          props.onClose()
        },
      },
    )
  }

  return (
    <FormDialog
      opened={props.rule !== undefined}
      title={props.rule ? t('mealplans.settings.editRule') : t('mealplans.settings.newRule')}
      submitting={save.isPending}
      submitDisabled={limitsClash}
      error={errorMessageOf(save.error)}
      onClose={props.onClose}
      onSubmit={submit}
    >
      <TextInput
        label={t('mealplans.settings.name')}
        placeholder={t('mealplans.settings.namePlaceholder')}
        value={draft.name}
        onChange={(event) => change({ name: event.currentTarget.value })}
        data-autofocus
      />
      <MultiSelect
        label={t('mealplans.settings.days')}
        description={t('mealplans.settings.daysHint')}
        data={planRuleDays.map((day) => ({ value: day, label: formatRuleDay(day, i18n.language) }))}
        value={draft.days}
        onChange={(days) => change({ days })}
        searchable
        clearable
        comboboxProps={{ withinPortal: true }}
      />
      <MultiSelect
        label={t('mealplans.settings.types')}
        description={t('mealplans.settings.typesHint')}
        data={entryTypeOptions(t)}
        value={draft.entryTypes}
        onChange={(entryTypes) => change({ entryTypes })}
        searchable
        clearable
        comboboxProps={{ withinPortal: true }}
      />
      <Divider label={t('mealplans.settings.recipes')} labelPosition="left" />
      <RecipeFilterField draft={draft} onChange={change} everyRecipe={t('mealplans.settings.everyRecipe')} />
      <Group grow align="flex-start" wrap="wrap">
        <NumberInput
          label={t('mealplans.settings.atMost')}
          description={t('mealplans.settings.limitHint')}
          min={0}
          max={100}
          allowDecimal={false}
          allowNegative={false}
          value={draft.atMost}
          onChange={(value) => change({ atMost: typeof value === 'number' ? value : '' })}
          miw={140}
        />
        <NumberInput
          label={t('mealplans.settings.atLeast')}
          description={t('mealplans.settings.limitHint')}
          min={0}
          max={100}
          allowDecimal={false}
          allowNegative={false}
          value={draft.atLeast}
          onChange={(value) => change({ atLeast: typeof value === 'number' ? value : '' })}
          error={limitsClash ? t('mealplans.settings.limitsClash') : undefined}
          miw={140}
        />
      </Group>
    </FormDialog>
  )
}
