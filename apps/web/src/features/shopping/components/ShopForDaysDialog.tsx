import type { ShoppingListMealPlanLine } from '@larder/contracts'
import { Badge, Button, Checkbox, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core'
import { useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { paths } from '@/app/paths'
import { DialogActions, DialogShell } from '@/components/DialogShell'
import { notifySuccess } from '@/components/feedback'
import { QueryState } from '@/components/QueryState'
import { useMealPlanPreview, useShoppingLists } from '@/features/shopping/api/shopping-queries'
import { useShopForDays } from '@/features/shopping/api/shop-for-days'
import { useStrings } from '@/i18n/use-strings'

/** The longest range the server takes at once (ShoppingListMealPlanInput). */
const maximumDays = 62

const isDate = (value: string) => /^\d{4}-\d\d-\d\d$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`))
const daysBetween = (start: string, end: string) =>
  (Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000

/**
 * "Shop for these days" (the planner): adds every planned recipe of a date range to a chosen list in one step. The
 * preview shows the lines it would add, grouped by label; foods the household has on hand start unticked, and the
 * person ticks or unticks any food before adding.
 */
export function ShopForDaysDialog(props: { opened: boolean; onClose: () => void; start: string; end: string }) {
  const { t } = useStrings('shopping')
  return (
    <DialogShell opened={props.opened} onClose={props.onClose} title={t('shopping.shopDays.title')}>
      {props.opened && <ShopForDaysForm {...props} />}
    </DialogShell>
  )
}

function ShopForDaysForm(props: { onClose: () => void; start: string; end: string }) {
  const { t } = useStrings('shopping')
  const navigate = useNavigate()
  const [startDate, setStartDate] = useState(props.start)
  const [endDate, setEndDate] = useState(props.end)
  const lists = useShoppingLists()
  const [listId, setListId] = useState<string | null>(null)
  const [naming, setNaming] = useState(false)
  const [newName, setNewName] = useState('')
  /** A list made here, shown until the household's lists are read again with it. */
  const [made, setMade] = useState<{ value: string; label: string } | null>(null)
  const { add, adding, createList: createListNow, creating } = useShopForDays()
  /** The person's ticks, by food id, where they differ from the default (ticked unless on hand). */
  const [ticks, setTicks] = useState<ReadonlyMap<string, boolean>>(new Map())

  const rangeError = !isDate(startDate)
    ? 'start'
    : !isDate(endDate)
      ? 'end'
      : endDate < startDate
        ? 'order'
        : daysBetween(startDate, endDate) >= maximumDays
          ? 'length'
          : null
  const known = (lists.data?.items ?? []).map((list) => ({
    value: list.id,
    label: list.name || t('shopping.lists.unnamed'),
  }))
  const listChoices = made && !known.some((choice) => choice.value === made.value) ? [...known, made] : known
  const chosenList = listId ?? (listChoices.length === 1 ? listChoices[0]!.value : null)
  const preview = useMealPlanPreview(chosenList, startDate, endDate, rangeError === null)
  const lines = preview.data?.lines ?? []
  const isTicked = (line: ShoppingListMealPlanLine) => (line.food ? (ticks.get(line.food.id) ?? !line.onHand) : true)
  const ticked = lines.filter(isTicked)
  const toggle = (line: ShoppingListMealPlanLine) => {
    if (!line.food) return
    const foodId = line.food.id
    setTicks((before) => new Map(before).set(foodId, !isTicked(line)))
  }

  const createList = async () => {
    const name = newName.trim()
    if (!name) return
    const list = await createListNow(name)
    setMade({ value: list.id, label: list.name || name })
    setListId(list.id)
    setNaming(false)
    setNewName('')
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!chosenList || rangeError || ticked.length === 0) return
    const leaveOut = [...new Set(lines.flatMap((line) => (line.food && !isTicked(line) ? [line.food.id] : [])))].sort()
    const answer = await add(chosenList, { startDate, endDate, leaveOut })
    const name = listChoices.find((choice) => choice.value === chosenList)?.label ?? ''
    notifySuccess(
      t('shopping.shopDays.added', { count: answer.createdItems.length + answer.updatedItems.length, list: name }),
      { label: t('shopping.shopDays.openList'), onClick: () => void navigate(paths.shoppingList(chosenList)) },
    )
    props.onClose()
  }

  return (
    <form onSubmit={(event) => void submit(event).catch(() => undefined)} noValidate>
      <Stack gap="md">
        <Group grow align="start">
          <TextInput
            type="date"
            label={t('shopping.shopDays.from')}
            value={startDate}
            onChange={(event) => setStartDate(event.currentTarget.value)}
            error={rangeError === 'start' ? t('shopping.shopDays.badDate') : undefined}
          />
          <TextInput
            type="date"
            label={t('shopping.shopDays.to')}
            value={endDate}
            onChange={(event) => setEndDate(event.currentTarget.value)}
            error={
              rangeError === 'end'
                ? t('shopping.shopDays.badDate')
                : rangeError === 'order'
                  ? t('shopping.shopDays.endBeforeStart')
                  : rangeError === 'length'
                    ? t('shopping.shopDays.tooLong', { count: maximumDays })
                    : undefined
            }
          />
        </Group>
        <Stack gap={4}>
          <Select
            label={t('shopping.addRecipe.list')}
            data={listChoices}
            value={chosenList}
            onChange={(value) => {
              setListId(value)
              setTicks(new Map())
            }}
            placeholder={lists.isPending ? t('common.loading') : t('shopping.shopDays.chooseList')}
            nothingFoundMessage={t('shopping.lists.empty')}
          />
          {naming ? (
            <Group align="end" gap="xs">
              <TextInput
                label={t('shopping.lists.name')}
                value={newName}
                onChange={(event) => setNewName(event.currentTarget.value)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') {
                    event.preventDefault()
                    void createList().catch(() => undefined)
                  }
                }}
                style={{ flex: 1 }}
                data-autofocus
              />
              <Button
                variant="light"
                loading={creating}
                disabled={!newName.trim()}
                onClick={() => void createList().catch(() => undefined)}
              >
                {t('shopping.shopDays.createList')}
              </Button>
            </Group>
          ) : (
            <Button variant="subtle" size="compact-sm" style={{ alignSelf: 'start' }} onClick={() => setNaming(true)}>
              {t('shopping.lists.create')}
            </Button>
          )}
        </Stack>
        {chosenList && rangeError === null && (
          <QueryState query={preview}>
            {(answer) => (
              <Stack gap="sm" data-testid="shop-days-preview">
                {answer.entriesOnList.length > 0 && (
                  <Text size="sm" c="dimmed">
                    {t('shopping.shopDays.alreadyOnList', { count: answer.entriesOnList.length })}
                  </Text>
                )}
                {answer.lines.length === 0 ? (
                  <Text size="sm">
                    {answer.entriesOnList.length > 0
                      ? t('shopping.shopDays.nothingNew')
                      : t('shopping.shopDays.nothingPlanned')}
                  </Text>
                ) : (
                  groupsOf(answer.lines, t('shopping.noLabel')).map((group) => (
                    <Stack key={group.name} gap={6} component="section" aria-label={group.name}>
                      <Title order={3} fz="sm">
                        {group.name}
                      </Title>
                      {group.lines.map((line, index) => (
                        <Checkbox
                          key={`${line.food?.id ?? line.note}-${index}`}
                          checked={isTicked(line)}
                          disabled={!line.food}
                          onChange={() => toggle(line)}
                          label={
                            <Group gap={6} wrap="nowrap">
                              <span>{line.display}</span>
                              {line.onHand && (
                                <Badge size="xs" variant="light" color="gray">
                                  {t('shopping.shopDays.onHand')}
                                </Badge>
                              )}
                            </Group>
                          }
                          description={sourcesText(line, t)}
                        />
                      ))}
                    </Stack>
                  ))
                )}
              </Stack>
            )}
          </QueryState>
        )}
        <DialogActions onCancel={props.onClose} cancelDisabled={adding}>
          <Button
            type="submit"
            loading={adding}
            disabled={!chosenList || rangeError !== null || preview.isPending || ticked.length === 0}
          >
            {t('shopping.shopDays.submit', { count: ticked.length })}
          </Button>
        </DialogActions>
      </Stack>
    </form>
  )
}

/**
 * Where a line comes from: each recipe once per servings it is planned for ("Pancakes for 8 · Bread"). The line's
 * amount is already scaled by the server to those servings.
 */
function sourcesText(line: ShoppingListMealPlanLine, t: ReturnType<typeof useStrings>['t']) {
  const names = line.sources.map((source) =>
    source.servings == null
      ? source.recipeName
      : t('shopping.shopDays.forServings', { name: source.recipeName, servings: source.servings }),
  )
  return [...new Set(names)].join(' · ')
}

/** The preview's lines by their food's label, labels by name, lines without a label last. */
function groupsOf(lines: readonly ShoppingListMealPlanLine[], noLabel: string) {
  const groups = new Map<string, ShoppingListMealPlanLine[]>()
  for (const line of lines) {
    const name = line.food?.label?.name ?? ''
    groups.set(name, [...(groups.get(name) ?? []), line])
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a === '' ? 1 : b === '' ? -1 : a.localeCompare(b)))
    .map(([name, grouped]) => ({ name: name || noLabel, lines: grouped }))
}
