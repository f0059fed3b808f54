import type { PlanEntryType, PlanSuggestion } from '@larder/contracts'
import {
  Alert,
  Button,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core'
import { IconAlertTriangle, IconSparkles } from '@tabler/icons-react'
import { useState, type FormEvent } from 'react'
import { DialogActions, DialogShell } from '@/components/DialogShell'
import { notifySuccess } from '@/components/feedback'
import { useStrings } from '@/i18n/use-strings'
import { useCreateEntry, useSuggestion } from '@/features/mealplans/api/mealplans'
import { formatPlanDate, isPlanDate } from '@/features/mealplans/week'
import { entryTypeOptions, isEntryType } from './entry-types'
import { RecipePicker, type PickedRecipe } from './RecipePicker'
import { ServingsInput, servingsOf, type ServingsValue } from './ServingsInput'

type Way = 'recipe' | 'note' | 'rules'

export interface Slot {
  date: string
  entryType: PlanEntryType
}

/**
 * Plans a meal for a day and meal type: a recipe found by search, a note (title and text), or a recipe the rules
 * suggest — Accept plans it, Try another asks again without it (and those before), Cancel plans nothing. When the
 * rules leave nothing, the server's answer (which names the rule) is shown.
 */
export function AddEntryDialog(props: { slot: Slot | null; onClose: () => void }) {
  const { t, i18n } = useStrings('mealplans')
  const [openedFor, setOpenedFor] = useState<Slot | null>(null)
  const [slot, setSlot] = useState<Slot>({ date: '', entryType: 'dinner' })
  const [way, setWay] = useState<Way>('recipe')
  const [recipe, setRecipe] = useState<PickedRecipe | null>(null)
  const [title, setTitle] = useState('')
  const [text, setText] = useState('')
  const [titleError, setTitleError] = useState<string | null>(null)
  const [suggested, setSuggested] = useState<PlanSuggestion | null>(null)
  const [excluded, setExcluded] = useState<string[]>([])
  const [servings, setServings] = useState<ServingsValue>('')
  const create = useCreateEntry()
  const suggestion = useSuggestion()

  if (props.slot && openedFor !== props.slot) {
    setOpenedFor(props.slot)
    setSlot(props.slot)
    setWay('recipe')
    setRecipe(null)
    setTitle('')
    setText('')
    setTitleError(null)
    setSuggested(null)
    setExcluded([])
    setServings('')
    create.reset()
    suggestion.reset()
  }

  const close = () => {
    setOpenedFor(null)
    props.onClose()
  }

  const suggest = (exclude: string[]) => {
    setExcluded(exclude)
    setSuggested(null)
    suggestion.mutate({ date: slot.date, entryType: slot.entryType, exclude }, { onSuccess: setSuggested })
  }

  const changeSlot = (change: Partial<Slot>) => {
    setSlot((current) => ({ ...current, ...change }))
    // A suggestion was for the slot it was asked for.
    setSuggested(null)
    setExcluded([])
    suggestion.reset()
  }

  /** The servings typed for a recipe's meal: null when left empty (the recipe's own), undefined when not a number. */
  const wantedServings = servingsOf(servings)

  const plan = (entry: { recipeId?: string; title?: string; text?: string }, name: string) => {
    if (entry.recipeId && wantedServings === undefined) return
    create.mutate(
      { date: slot.date, entryType: slot.entryType, ...entry, ...(entry.recipeId ? { servings: wantedServings } : {}) },
      {
        onSuccess: () => {
          notifySuccess(
            t('mealplans.add.added', {
              name,
              type: t(`mealplans.types.${slot.entryType}`),
              date: formatPlanDate(slot.date, i18n.language),
            }),
          )
          close()
        },
      },
    )
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!isPlanDate(slot.date)) return
    if (way === 'recipe' && recipe) plan({ recipeId: recipe.id }, recipe.name)
    if (way === 'note') {
      if (title.trim() === '') {
        setTitleError(t('mealplans.add.titleRequired'))
        return
      }
      plan({ title: title.trim(), text }, title.trim())
    }
  }

  const failure = suggestion.error instanceof Error ? suggestion.error.message : null

  return (
    <DialogShell opened={props.slot !== null} onClose={close} title={t('mealplans.add.title')} busy={create.isPending}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Group grow align="flex-start" wrap="wrap">
            <TextInput
              type="date"
              label={t('mealplans.add.date')}
              required
              value={slot.date}
              onChange={(event) => changeSlot({ date: event.currentTarget.value })}
              miw={150}
            />
            <Select
              label={t('mealplans.add.type')}
              data={entryTypeOptions(t)}
              value={slot.entryType}
              allowDeselect={false}
              onChange={(value) => isEntryType(value) && changeSlot({ entryType: value })}
              comboboxProps={{ withinPortal: true }}
              miw={150}
            />
          </Group>
          <SegmentedControl
            aria-label={t('mealplans.add.how')}
            fullWidth
            data={[
              { value: 'recipe', label: t('mealplans.add.byRecipe') },
              { value: 'note', label: t('mealplans.add.byNote') },
              { value: 'rules', label: t('mealplans.add.byRules') },
            ]}
            value={way}
            onChange={(value) => {
              setWay(value)
              if (value === 'rules' && !suggested && !suggestion.isPending) suggest([])
            }}
          />
          {way === 'recipe' && <RecipePicker value={recipe} onChange={setRecipe} />}
          {way !== 'note' && <ServingsInput value={servings} onChange={setServings} />}
          {way === 'note' && (
            <>
              <TextInput
                label={t('mealplans.add.noteTitle')}
                required
                value={title}
                error={titleError}
                onChange={(event) => {
                  setTitleError(null)
                  setTitle(event.currentTarget.value)
                }}
                data-autofocus
              />
              <Textarea
                label={t('mealplans.add.noteText')}
                resize="vertical"
                rows={3}
                value={text}
                onChange={(event) => setText(event.currentTarget.value)}
              />
            </>
          )}
          {way === 'rules' && (
            <Stack gap="sm" aria-live="polite">
              {suggestion.isPending && (
                <Group gap="xs" role="status">
                  <Loader size="xs" />
                  <Text size="sm">{t('mealplans.suggest.loading')}</Text>
                </Group>
              )}
              {failure && (
                <Alert
                  color="warning"
                  variant="light"
                  icon={<IconAlertTriangle size={18} />}
                  title={t('mealplans.suggest.nothingLeft')}
                  data-testid="suggestion-error"
                >
                  {failure}
                </Alert>
              )}
              {suggested && (
                <Paper withBorder radius="md" p="sm" data-testid="suggestion">
                  <Text size="xs" c="dimmed">
                    {t('mealplans.suggest.picked')}
                  </Text>
                  <Text fw={600}>{suggested.recipe.name}</Text>
                  <Text size="sm" c="dimmed">
                    {suggested.rule
                      ? suggested.rule.name
                        ? t('mealplans.suggest.byRule', { rule: suggested.rule.name })
                        : t('mealplans.suggest.byUnnamedRule')
                      : t('mealplans.suggest.noRule')}
                  </Text>
                </Paper>
              )}
            </Stack>
          )}
          <DialogActions onCancel={close} cancelDisabled={create.isPending}>
            {way === 'rules' ? (
              <>
                <Button
                  variant="default"
                  leftSection={<IconSparkles size={16} />}
                  disabled={suggestion.isPending || create.isPending}
                  // After "nothing left", asking again starts over from every recipe.
                  onClick={() => suggest(suggested ? [...excluded, suggested.recipe.id] : [])}
                >
                  {suggested ? t('mealplans.suggest.another') : t('mealplans.suggest.suggest')}
                </Button>
                <Button
                  disabled={!suggested || wantedServings === undefined}
                  loading={create.isPending}
                  onClick={() => suggested && plan({ recipeId: suggested.recipe.id }, suggested.recipe.name)}
                >
                  {t('mealplans.suggest.accept')}
                </Button>
              </>
            ) : (
              <Button
                type="submit"
                loading={create.isPending}
                disabled={way === 'recipe' && (!recipe || wantedServings === undefined)}
              >
                {t('mealplans.add.submit')}
              </Button>
            )}
          </DialogActions>
        </Stack>
      </form>
    </DialogShell>
  )
}
