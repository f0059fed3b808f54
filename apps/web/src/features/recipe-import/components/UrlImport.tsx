import { Anchor, Button, Paper, Stack, Text, TextInput } from '@mantine/core'
import { IconDownload } from '@tabler/icons-react'
import { useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { useStrings } from '@/i18n/use-strings'
import { useImportRecipe } from '@/features/recipe-import/api/import-recipe'
import { pathAfterImport, useImportOptions } from '@/features/recipe-import/import-options'
import { urlInSharedText } from '@/features/recipe-import/shared-url'
import { ImportOptionsFields } from './ImportOptionsFields'
import { ImportProblem, ProblemLink } from './ImportProblem'
import { ImportProgress } from './ImportProgress'

export interface ImportLinks {
  /** The recipe page of a slug. */
  recipe: (slug: string) => string
  html: string
  bulk: string
  /** The scraper's debug page, for advanced users. */
  debug: string | null
}

/**
 * Import the recipe of a web page. The field takes an address or any text with one inside (what a share sheet
 * sends); the server's progress shows as it streams; on success the person lands on the recipe, its editor or the
 * ingredient parser, as chosen.
 */
export function UrlImport({ initialUrl, links }: { initialUrl: string; links: ImportLinks }) {
  const { t } = useStrings('recipe-import')
  const navigate = useNavigate()
  const [url, setUrl] = useState(initialUrl)
  const [fieldError, setFieldError] = useState<string | null>(null)
  const [options, setOptions] = useImportOptions()
  const importRecipe = useImportRecipe()

  function submit(event: React.FormEvent) {
    event.preventDefault()
    const address = urlInSharedText(url)
    if (address === '') return setFieldError(t('url.required'))
    setFieldError(null)
    setUrl(address)
    importRecipe.mutate(
      {
        source: 'url',
        body: { url: address, includeTags: options.includeTags, includeCategories: options.includeCategories },
      },
      { onSuccess: (slug) => void navigate(pathAfterImport(links.recipe(slug), options)) },
    )
  }

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} maw={720}>
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('url.intro')}
          </Text>
          <TextInput
            label={t('url.label')}
            placeholder="https://"
            type="url"
            inputMode="url"
            autoComplete="url"
            required
            data-autofocus
            value={url}
            error={fieldError}
            disabled={importRecipe.isPending}
            onChange={(event) => setUrl(event.currentTarget.value)}
          />
          <ImportOptionsFields value={options} onChange={setOptions} />
          {importRecipe.isPending && <ImportProgress messages={importRecipe.progress} />}
          {importRecipe.isError && (
            <ImportProblem
              error={importRecipe.error}
              links={
                <>
                  <ProblemLink to={links.html}>{t('url.tryHtml')}</ProblemLink>
                  {links.debug && <ProblemLink to={links.debug}>{t('url.tryDebug')}</ProblemLink>}
                </>
              }
            />
          )}
          <Button
            type="submit"
            loading={importRecipe.isPending}
            leftSection={<IconDownload size={16} />}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('url.submit')}
          </Button>
          <Text size="sm" c="dimmed">
            {t('url.manyHint')}{' '}
            <Anchor component={Link} to={links.bulk} size="sm" underline="always">
              {t('url.manyLink')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </Paper>
  )
}
