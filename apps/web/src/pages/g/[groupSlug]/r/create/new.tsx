import { Button, Paper, Stack, Text, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { IconPencilPlus } from '@tabler/icons-react'
import { useState } from 'react'
import { useStrings } from '@/i18n/use-strings'
import { useNavigate, useParams } from 'react-router'
import { ApiError, detailMessageOf } from '@/api/api-error'
import { useFieldRules } from '@/components/use-field-rules'
import { usePageTitle } from '@/components/use-page-title'
import { useCreateRecipe } from '@/features/recipes/api/create-recipe'
import { paths } from '@/app/paths'

/** Why the recipe could not be created, in words for the person (409: a name taken; 400/422: a refused name). */
function problemOf(error: unknown, t: (key: string) => string): string {
  if (error instanceof ApiError) {
    if (error.status === 409) return detailMessageOf(error.body) ?? t('createRecipe.conflict')
    if (error.status === 400 || error.status === 422) return detailMessageOf(error.body) ?? t('createRecipe.invalid')
    return error.message
  }
  return t('createRecipe.failed')
}

/** `/g/:groupSlug/r/create/new`: a name, then the editor of the new recipe (strings: the editor's namespace). */
export default function CreateNewPage() {
  const { t } = useStrings('recipe-editor')
  const { groupSlug = '' } = useParams()
  const navigate = useNavigate()
  const rules = useFieldRules()
  const create = useCreateRecipe()
  const [problem, setProblem] = useState<string | null>(null)
  usePageTitle(t('pages.createNew.title'))
  const form = useForm({ initialValues: { name: '' }, validate: { name: rules.recipeName } })

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} maw={560}>
      <form
        noValidate
        onSubmit={form.onSubmit(async ({ name }) => {
          setProblem(null)
          try {
            const slug = await create.mutateAsync(name)
            void navigate(`${paths.groupRecipe(groupSlug, slug)}?edit=true`)
          } catch (error) {
            setProblem(problemOf(error, t))
          }
        })}
      >
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('pages.createNew.description')}
          </Text>
          <TextInput
            label={t('createRecipe.name')}
            placeholder={t('createRecipe.namePlaceholder')}
            required
            data-autofocus
            {...form.getInputProps('name')}
          />
          {problem && (
            <Text size="sm" c="error" role="alert">
              {problem}
            </Text>
          )}
          <Button
            type="submit"
            loading={create.isPending}
            leftSection={<IconPencilPlus size={16} />}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('createRecipe.submit')}
          </Button>
        </Stack>
      </form>
    </Paper>
  )
}
