import { Button, Paper, SegmentedControl, Stack, Text, TextInput, Textarea } from '@mantine/core'
import { IconCode } from '@tabler/icons-react'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { useStrings } from '@/i18n/use-strings'
import { useImportRecipe } from '@/features/recipe-import/api/import-recipe'
import { pathAfterImport, useImportOptions } from '@/features/recipe-import/import-options'
import { ImportOptionsFields } from './ImportOptionsFields'
import { ImportProblem } from './ImportProblem'
import { ImportProgress } from './ImportProgress'

type Kind = 'html' | 'json'

/** Why pasted JSON cannot be sent, in the person's words; null when it parses. */
function jsonProblemOf(text: string): string | null {
  try {
    JSON.parse(text)
    return null
  } catch (error) {
    return error instanceof Error ? error.message : String(error)
  }
}

/**
 * Import from a page's HTML (saved from the browser when the site refuses the importer) or from a schema.org Recipe
 * in JSON-LD; the source address is optional and becomes the recipe's original URL.
 */
export function HtmlImport({ recipePath }: { recipePath: (slug: string) => string }) {
  const { t } = useStrings('recipe-import')
  const navigate = useNavigate()
  const [kind, setKind] = useState<Kind>('html')
  const [data, setData] = useState('')
  const [url, setUrl] = useState('')
  const [dataError, setDataError] = useState<string | null>(null)
  const [options, setOptions] = useImportOptions()
  const importRecipe = useImportRecipe()

  function submit(event: React.FormEvent) {
    event.preventDefault()
    if (data.trim() === '') return setDataError(kind === 'json' ? t('html.jsonRequired') : t('html.htmlRequired'))
    const jsonProblem = kind === 'json' ? jsonProblemOf(data) : null
    if (jsonProblem) return setDataError(t('html.jsonInvalid', { problem: jsonProblem }))
    setDataError(null)
    importRecipe.mutate(
      {
        source: 'html',
        body: {
          data,
          url: url.trim() || null,
          includeTags: options.includeTags,
          includeCategories: options.includeCategories,
        },
      },
      { onSuccess: (slug) => void navigate(pathAfterImport(recipePath(slug), options)) },
    )
  }

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} maw={880}>
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('html.intro')}
          </Text>
          {/* No slide: axe (and a reader on a slow phone) would catch the labels mid-fade at low contrast. */}
          <SegmentedControl
            transitionDuration={0}
            value={kind}
            onChange={(value) => setKind(value)}
            data={[
              { value: 'html', label: t('html.kindHtml') },
              { value: 'json', label: t('html.kindJson') },
            ]}
            aria-label={t('html.kindLabel')}
            style={{ alignSelf: 'flex-start' }}
          />
          <Textarea
            label={kind === 'json' ? t('html.jsonLabel') : t('html.htmlLabel')}
            description={kind === 'json' ? t('html.jsonHint') : t('html.htmlHint')}
            required
            autosize
            minRows={8}
            maxRows={20}
            spellCheck={false}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
            value={data}
            error={dataError}
            disabled={importRecipe.isPending}
            onChange={(event) => setData(event.currentTarget.value)}
          />
          <TextInput
            label={t('html.urlLabel')}
            description={t('html.urlHint')}
            placeholder="https://"
            type="url"
            inputMode="url"
            value={url}
            disabled={importRecipe.isPending}
            onChange={(event) => setUrl(event.currentTarget.value)}
          />
          <ImportOptionsFields value={options} onChange={setOptions} />
          {importRecipe.isPending && <ImportProgress messages={importRecipe.progress} />}
          {importRecipe.isError && <ImportProblem error={importRecipe.error} />}
          <Button
            type="submit"
            loading={importRecipe.isPending}
            leftSection={<IconCode size={16} />}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('html.submit')}
          </Button>
        </Stack>
      </form>
    </Paper>
  )
}
