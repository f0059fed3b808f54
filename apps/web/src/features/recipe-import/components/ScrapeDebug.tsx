import type { ScrapeDebugResult } from '@larder/contracts'
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Code,
  Collapse,
  Group,
  List,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { IconAlertTriangle, IconBug } from '@tabler/icons-react'
import { useState } from 'react'
import { useStrings } from '@/i18n/use-strings'
import { useTestScrape } from '@/features/recipe-import/api/test-scrape'
import { urlInSharedText } from '@/features/recipe-import/shared-url'
import { ImportProblem } from './ImportProblem'

/** The recipe fields a person checks first, in the order they read a recipe. */
const summaryFields = ['name', 'recipeYield', 'totalTime', 'prepTime', 'cookTime', 'image', 'orgURL'] as const

function textOf(value: unknown): string {
  if (value === null || value === undefined) return '—'
  if (typeof value === 'string') return value
  return JSON.stringify(value)
}

/** Runs the scraper on a page without saving, and shows where the recipe was found, the warnings and the draft. */
export function ScrapeDebug({ openAiEnabled }: { openAiEnabled: boolean }) {
  const { t } = useStrings('recipe-import')
  const [url, setUrl] = useState('')
  const [useOpenAI, setUseOpenAI] = useState(false)
  const [fieldError, setFieldError] = useState<string | null>(null)
  const scrape = useTestScrape()

  function submit(event: React.FormEvent) {
    event.preventDefault()
    const address = urlInSharedText(url)
    if (address === '') return setFieldError(t('url.required'))
    setFieldError(null)
    scrape.mutate({ url: address, useOpenAI })
  }

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} maw={720}>
        <form noValidate onSubmit={submit}>
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {t('debug.intro')}
            </Text>
            <TextInput
              label={t('url.label')}
              placeholder="https://"
              type="url"
              inputMode="url"
              required
              value={url}
              error={fieldError}
              onChange={(event) => setUrl(event.currentTarget.value)}
            />
            {openAiEnabled && (
              <Checkbox
                label={t('debug.useOpenAI')}
                checked={useOpenAI}
                onChange={(event) => setUseOpenAI(event.currentTarget.checked)}
              />
            )}
            {scrape.isError && <ImportProblem error={scrape.error} />}
            <Button
              type="submit"
              loading={scrape.isPending}
              leftSection={<IconBug size={16} />}
              style={{ alignSelf: 'flex-start' }}
            >
              {t('debug.submit')}
            </Button>
          </Stack>
        </form>
      </Paper>
      {scrape.data && <ScrapeResult result={scrape.data} />}
    </Stack>
  )
}

function ScrapeResult({ result }: { result: ScrapeDebugResult }) {
  const { t } = useStrings('recipe-import')
  const [rawOpen, setRawOpen] = useState(false)
  const recipe = result.recipe
  const ingredients = Array.isArray(recipe?.recipeIngredient) ? (recipe.recipeIngredient as unknown[]) : []
  const steps = Array.isArray(recipe?.recipeInstructions) ? (recipe.recipeInstructions as unknown[]) : []
  return (
    <Stack gap="md" component="section" aria-labelledby="scrape-result">
      <Group gap="sm">
        <Title order={2} fz="lg" id="scrape-result">
          {t('debug.result')}
        </Title>
        <Badge variant="light" color={result.source ? 'success' : 'error'}>
          {result.source ? t(`debug.source.${result.source}`) : t('debug.noSource')}
        </Badge>
      </Group>
      {result.warnings.length > 0 && (
        <Alert color="warning" variant="light" icon={<IconAlertTriangle size={18} />} title={t('debug.warnings')}>
          <List size="sm">
            {result.warnings.map((warning, index) => (
              <List.Item key={index}>{warning}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {recipe ? (
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
          <Stack gap="sm">
            <Stack gap={4} component="dl" m={0}>
              {summaryFields.map((field) => (
                <Group key={field} gap="xs" wrap="nowrap" align="flex-start">
                  <Text component="dt" size="sm" fw={600} w={110} style={{ flexShrink: 0 }}>
                    {t(`debug.field.${field}`)}
                  </Text>
                  <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                    {textOf(recipe[field])}
                  </Text>
                </Group>
              ))}
            </Stack>
            <Title order={3} fz="md">
              {t('debug.ingredients', { number: ingredients.length })}
            </Title>
            <List size="sm">
              {ingredients.map((item, index) => (
                <List.Item key={index}>
                  {textOf(
                    (item as { note?: unknown; originalText?: unknown })?.originalText ??
                      (item as { note?: unknown })?.note ??
                      item,
                  )}
                </List.Item>
              ))}
            </List>
            <Title order={3} fz="md">
              {t('debug.steps', { number: steps.length })}
            </Title>
            <List size="sm" type="ordered">
              {steps.map((item, index) => (
                <List.Item key={index}>{textOf((item as { text?: unknown })?.text ?? item)}</List.Item>
              ))}
            </List>
          </Stack>
        </Paper>
      ) : (
        <Text size="sm" c="dimmed">
          {t('debug.noRecipe')}
        </Text>
      )}
      <div>
        <Button
          variant="default"
          size="xs"
          onClick={() => setRawOpen((open) => !open)}
          aria-expanded={rawOpen}
          aria-controls="scrape-raw"
        >
          {rawOpen ? t('debug.hideRaw') : t('debug.showRaw')}
        </Button>
        <Collapse expanded={rawOpen} id="scrape-raw">
          <Code block mt="xs" style={{ maxHeight: 480, overflow: 'auto' }}>
            {JSON.stringify({ raw: result.raw, recipe: result.recipe }, null, 2)}
          </Code>
        </Collapse>
      </div>
    </Stack>
  )
}
