import type { Recipe, RegisteredParser } from '@larder/contracts'
import { Alert, Box, Button, Group, List, Modal, SegmentedControl, Stack, Text, Title } from '@mantine/core'
import { IconAlertTriangle, IconDeviceFloppy, IconFlask, IconWand } from '@tabler/icons-react'
import { useEffect, useRef, useState } from 'react'
import { ApiError, NetworkError } from '@/api/api-error'
import { notifyError, notifySuccess } from '@/components/feedback'
import { EmptyNote } from '@/components/QueryState'
import { useStrings } from '@/i18n/use-strings'
import { useUnsavedChangesGuard, type RowChoice } from '@/features/recipe-editor'
import { useCreateFood, useCreateUnit } from '@/features/recipe-editor/api/units-foods'
import { useSaveRecipe } from '@/features/recipes/api/recipes'
import { useParseIngredients } from '@/features/ingredient-parser/api/parse-ingredients'
import { useParserChoice } from '@/features/ingredient-parser/parser-choice'
import {
  ingredientsAfterReview,
  isParsable,
  lineOf,
  missingOf,
  rowOf,
  type ParsedRow,
} from '@/features/ingredient-parser/parsed-rows'
import { ParsedRowFields } from './ParsedRowFields'

export interface IngredientParserProps {
  recipe: Recipe
  userId: string | undefined
  canOrganize: boolean
  openAiEnabled: boolean
  /** Leaves the page: after a save (with the recipe's slug) or on cancel. */
  onDone: () => void
}

/**
 * Review a recipe's ingredient lines as the parser reads them: each line's quantity, unit, food and note with the
 * parser's confidence, corrected by hand, missing units and foods created on the spot, then saved into the recipe
 * in one PATCH. Parsing starts on arrival with the parser last chosen.
 */
export function IngredientParser({ recipe, userId, canOrganize, openAiEnabled, onDone }: IngredientParserProps) {
  const { t } = useStrings('ingredient-parser')
  const [parser, setParser] = useParserChoice(userId)
  const [rows, setRows] = useState<ParsedRow[] | null>(null)
  const [saved, setSaved] = useState(false)
  const [confirmMissing, setConfirmMissing] = useState(false)
  const parse = useParseIngredients()
  const save = useSaveRecipe(recipe.slug, 'patch')
  const createUnit = useCreateUnit()
  const createFood = useCreateFood()
  const guard = useUnsavedChangesGuard(rows !== null && !saved)
  const parsable = recipe.recipeIngredient.filter(isParsable)
  const chosenParser = parser === 'openai' && !openAiEnabled ? 'nlp' : parser

  function parseAll(using: RegisteredParser = chosenParser) {
    if (parsable.length === 0) return
    parse.mutate(
      { lines: parsable.map(lineOf), parser: using },
      {
        onSuccess: (answers) => {
          setSaved(false)
          setRows(parsable.map((ingredient, index) => rowOf(ingredient, answers[index]!)))
        },
      },
    )
  }

  // Parse once on arrival; a later choice of parser parses again on request ("Parse all").
  const started = useRef(false)
  useEffect(() => {
    if (started.current) return
    started.current = true
    parseAll()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the first render starts a parse
  }, [])

  const update = (referenceId: string, change: Partial<ParsedRow>) =>
    setRows((current) => current?.map((row) => (row.referenceId === referenceId ? { ...row, ...change } : row)) ?? null)

  /** Creates a unit or food and puts it into every row that names it. */
  async function create(kind: 'unit' | 'food', name: string): Promise<RowChoice | null> {
    try {
      const created = kind === 'unit' ? await createUnit.mutateAsync(name) : await createFood.mutateAsync(name)
      const choice = { id: created.id, name: created.name }
      setRows(
        (current) =>
          current?.map((row) =>
            row[kind]?.id === null && row[kind]?.name === name ? { ...row, [kind]: choice } : row,
          ) ?? null,
      )
      return choice
    } catch (error) {
      notifyError(
        error instanceof ApiError && error.status === 403
          ? t('cannotOrganize')
          : error instanceof Error
            ? error.message
            : t('createFailed'),
      )
      return null
    }
  }

  async function saveAll() {
    if (!rows) return
    setConfirmMissing(false)
    try {
      await save.mutateAsync({ recipeIngredient: ingredientsAfterReview(recipe, rows) })
      setSaved(true)
      notifySuccess(t('saved'))
      onDone()
    } catch (error) {
      if (!(error instanceof ApiError && error.notified))
        notifyError(error instanceof Error ? error.message : t('saveFailed'))
    }
  }

  const missing = rows ? missingOf(rows) : { units: [], foods: [] }
  const missingCount = missing.units.length + missing.foods.length

  async function createAllMissing() {
    for (const name of missing.units) await create('unit', name)
    for (const name of missing.foods) await create('food', name)
  }

  return (
    <Box pb={80}>
      <Stack gap="md">
        <Alert color="blue" variant="light" icon={<IconFlask size={18} />}>
          {t('intro')}
        </Alert>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Stack gap={4} w={{ base: '100%', sm: 'auto' }}>
            <Text size="sm" fw={500} id="parser-choice">
              {t('parser.label')}
            </Text>
            <SegmentedControl
              transitionDuration={0}
              aria-labelledby="parser-choice"
              fullWidth
              value={chosenParser}
              onChange={(value) => setParser(value as RegisteredParser)}
              data={[
                { value: 'nlp', label: t('parser.nlp') },
                { value: 'brute', label: t('parser.brute') },
                ...(openAiEnabled ? [{ value: 'openai', label: t('parser.openai') }] : []),
              ]}
            />
          </Stack>
          <Button
            variant="light"
            leftSection={<IconWand size={16} />}
            loading={parse.isPending}
            disabled={parsable.length === 0}
            onClick={() => parseAll()}
          >
            {t('parseAll')}
          </Button>
        </Group>
        {parse.isError && (
          <Alert
            color="error"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            title={t('parseFailed')}
            role="alert"
          >
            {parse.error instanceof NetworkError ? t('network') : parse.error.message}
          </Alert>
        )}
        {parsable.length === 0 ? (
          <EmptyNote>{t('noIngredients')}</EmptyNote>
        ) : rows === null ? (
          parse.isPending && (
            <Text size="sm" c="dimmed" role="status">
              {t('parsing')}
            </Text>
          )
        ) : (
          <>
            <Title order={2} fz="lg">
              {t('rows', { number: rows.length })}
            </Title>
            <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-busy={parse.isPending}>
              {rows.map((row, index) => (
                <ParsedRowFields
                  key={row.referenceId}
                  index={index}
                  row={row}
                  canOrganize={canOrganize}
                  onChange={(change) => update(row.referenceId, change)}
                  onCreate={create}
                />
              ))}
            </Stack>
          </>
        )}
      </Stack>
      <Box
        pos="sticky"
        bottom={0}
        py="sm"
        px="xs"
        mt="md"
        style={{
          zIndex: 5,
          background: 'var(--mantine-color-body)',
          borderTop: '1px solid var(--mantine-color-default-border)',
        }}
      >
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            {missingCount > 0 ? t('missingCount', { number: missingCount }) : ''}
          </Text>
          <Group gap="xs">
            <Button variant="default" onClick={() => guard.confirm(onDone)}>
              {t('common.cancel')}
            </Button>
            <Button
              leftSection={<IconDeviceFloppy size={16} />}
              loading={save.isPending}
              disabled={rows === null}
              onClick={() => (missingCount > 0 ? setConfirmMissing(true) : void saveAll())}
            >
              {t('saveAll')}
            </Button>
          </Group>
        </Group>
      </Box>
      <Modal
        opened={confirmMissing}
        onClose={() => setConfirmMissing(false)}
        title={t('missing.title')}
        centered
        radius="lg"
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Stack gap="md">
          <Text size="sm">{t('missing.text')}</Text>
          <List size="sm">
            {missing.units.map((name) => (
              <List.Item key={`unit-${name}`}>{t('missing.unit', { name })}</List.Item>
            ))}
            {missing.foods.map((name) => (
              <List.Item key={`food-${name}`}>{t('missing.food', { name })}</List.Item>
            ))}
          </List>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => void saveAll()}>
              {t('missing.saveAsNotes')}
            </Button>
            {canOrganize && (
              <Button
                loading={createUnit.isPending || createFood.isPending}
                onClick={() => void createAllMissing().then(() => setConfirmMissing(false))}
                data-autofocus
              >
                {t('missing.createAll')}
              </Button>
            )}
          </Group>
        </Stack>
      </Modal>
      {guard.dialog}
    </Box>
  )
}
