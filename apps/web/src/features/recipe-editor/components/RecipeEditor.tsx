import './editor-styles'
import type { Recipe } from '@larder/contracts'
import { Alert, Box, Button, Group, List, Stack, Title } from '@mantine/core'
import { useForm } from '@mantine/form'
import { IconAlertTriangle, IconDeviceFloppy, IconUsers } from '@tabler/icons-react'
import { useMemo, useState, type KeyboardEvent } from 'react'
import { useStrings } from '@/i18n/use-strings'
import { ApiError } from '@/api/api-error'
import { notifyError, notifySuccess } from '@/components/feedback'
import { useParams } from 'react-router'
import { useFieldRules } from '@/components/use-field-rules'
import { usePageTitle } from '@/components/use-page-title'
import { useAuth } from '@/features/auth'
import { paths } from '@/app/paths'
import { useSaveRecipe } from '@/features/recipes/api/recipes'
import { AssetsSection } from './AssetsSection'
import { draftOf, inputOf, validationProblemsOf, type EditorDraft, type FieldProblem } from './editor-draft'
import { GeneralSection } from './GeneralSection'
import { ImageSection } from './ImageSection'
import { IngredientsSection } from './IngredientsSection'
import { JsonEditor } from './JsonEditor'
import { ExtrasSection, NotesSection } from './NotesExtrasSection'
import { NutritionSection } from './NutritionSection'
import { OrganizersSection } from './OrganizersSection'
import { SettingsSection } from './SettingsSection'
import { StepsSection } from './StepsSection'
import { useConcurrentChange } from './use-concurrent-change'
import { useUnsavedChangesGuard } from './use-unsaved-changes-guard'

/** Server problems the form shows beside a field; anything else is listed above the form. */
const fieldPaths = [
  /^(name|description|recipeServings|recipeYieldQuantity|recipeYield|totalTime|prepTime|cookTime|performTime|orgURL)$/,
  /^recipeIngredient\.\d+\.(quantity|unit|food|note|title)$/,
  /^recipeInstructions\.\d+\.(title|text)$/,
  /^notes\.\d+\.(title|text)$/,
  /^nutrition\.\w+$/,
]

/**
 * A browser submits a form when Enter is pressed in one of its text boxes; in a form this long that saved and closed
 * the editor mid-line (a half-typed food, a name). Only the Save button saves; text areas keep their new lines.
 */
function keepEnterFromSubmitting(event: KeyboardEvent<HTMLElement>) {
  if (event.key === 'Enter' && event.target instanceof HTMLInputElement) event.preventDefault()
}

export interface RecipeEditorProps {
  recipe: Recipe
  /** Called after a save (with the slug, which a rename changes) or when the person leaves without saving. */
  onDone: (savedSlug: string) => void
}

/**
 * The whole recipe in one form, saved with one PUT (docs/mealie-compatibility.md "Reading and writing one recipe"); image and assets are stored at once. Its
 * strings are the `recipe-editor` namespace: the first render suspends until they arrive (the page's Suspense).
 */
export function RecipeEditor({ recipe, onDone }: RecipeEditorProps) {
  const { t } = useStrings('recipe-editor')
  const rules = useFieldRules()
  const { user } = useAuth()
  const save = useSaveRecipe(recipe.slug, 'replace')
  const [unplaced, setUnplaced] = useState<FieldProblem[]>([])
  // One rules object for the editor's life: the form's setters depend on it, and the memoised rows on the setters.
  const validate = useMemo(() => ({ name: rules.recipeName }), [rules])
  const [initialValues] = useState(() => draftOf(recipe))
  const form = useForm<EditorDraft>({ initialValues, validate })
  const dirty = form.isDirty()
  const guard = useUnsavedChangesGuard(dirty)
  usePageTitle(t('recipeEditor.pageTitle', { name: recipe.name }))
  const canOrganize = user?.canOrganize ?? false
  const isOwner = user?.id === recipe.userId
  const { groupSlug } = useParams()
  const concurrent = useConcurrentChange(recipe)
  const [saving, setSaving] = useState(false)
  const changedElsewhere = concurrent.changed && !saving

  function takeTheirVersion() {
    const theirs = draftOf(recipe)
    form.setValues(theirs)
    form.resetDirty(theirs)
    concurrent.acknowledge()
  }

  async function submit(values: EditorDraft) {
    // Someone saved the recipe while this person edited it: saving would silently replace their work.
    if (changedElsewhere) {
      notifyError(t('recipeEditor.changedElsewhereFirst'))
      return
    }
    setUnplaced([])
    try {
      setSaving(true)
      const saved = await save.mutateAsync(inputOf(values, recipe))
      form.resetDirty()
      notifySuccess(t('recipeEditor.saved'))
      onDone(saved.slug)
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        const problems = validationProblemsOf(error.body)
        const elsewhere: FieldProblem[] = []
        for (const problem of problems) {
          if (fieldPaths.some((pattern) => pattern.test(problem.path)))
            form.setFieldError(problem.path, problem.message)
          else elsewhere.push(problem)
        }
        setUnplaced(elsewhere)
        notifyError(t('recipeEditor.invalid', { count: problems.length }))
      } else if (!(error instanceof ApiError && error.notified)) {
        notifyError(error instanceof Error ? error.message : t('recipeEditor.saveFailed'))
      }
      setSaving(false)
    }
  }

  const actions = (
    <>
      <Button variant="default" onClick={() => guard.confirm(() => onDone(recipe.slug))}>
        {t('common.cancel')}
      </Button>
      <Button type="submit" loading={save.isPending} leftSection={<IconDeviceFloppy size={16} />}>
        {t('common.save')}
      </Button>
    </>
  )

  return (
    <Box
      component="form"
      noValidate
      onSubmit={form.onSubmit(submit, () => notifyError(t('recipeEditor.checkFields')))}
      onKeyDown={keepEnterFromSubmitting}
      aria-label={t('recipeEditor.formLabel', { name: recipe.name })}
    >
      <Stack gap="md" pb={80}>
        <Group justify="space-between" align="center" wrap="wrap" gap="sm">
          <Title order={1} fz={{ base: 22, sm: 28 }}>
            {t('recipeEditor.title')}
          </Title>
        </Group>
        {changedElsewhere && (
          <Alert
            color="yellow"
            variant="light"
            icon={<IconUsers size={18} />}
            title={t('recipeEditor.changedElsewhere')}
          >
            <Stack gap="sm">
              {t('recipeEditor.changedElsewhereText')}
              <Group gap="xs">
                <Button size="xs" variant="default" onClick={takeTheirVersion}>
                  {t('recipeEditor.takeTheirVersion')}
                </Button>
                <Button size="xs" variant="subtle" onClick={concurrent.acknowledge}>
                  {t('recipeEditor.keepMine')}
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}
        {unplaced.length > 0 && (
          <Alert
            color="error"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            title={t('recipeEditor.serverProblems')}
          >
            <List size="sm">
              {unplaced.map((problem, index) => (
                <List.Item key={index}>
                  {problem.path && <code>{problem.path}</code>}
                  {problem.path ? ': ' : ''}
                  {problem.message}
                </List.Item>
              ))}
            </List>
          </Alert>
        )}
        <GeneralSection form={form} />
        <ImageSection recipe={recipe} />
        <IngredientsSection
          form={form}
          canOrganize={canOrganize}
          parserPath={groupSlug ? paths.groupIngredientParser(groupSlug, recipe.slug) : null}
        />
        <StepsSection form={form} />
        <OrganizersSection
          recipeCategory={form.values.recipeCategory}
          tags={form.values.tags}
          tools={form.values.tools}
          setFieldValue={form.setFieldValue}
          canOrganize={canOrganize}
        />
        <SettingsSection form={form} isOwner={isOwner} />
        <NutritionSection form={form} />
        <NotesSection form={form} />
        <ExtrasSection form={form} />
        <AssetsSection form={form} recipe={recipe} />
        {user?.advanced && <JsonEditor form={form} recipe={recipe} />}
      </Stack>
      <Box
        pos="sticky"
        bottom={0}
        py="sm"
        px="xs"
        style={{
          zIndex: 5,
          background: 'var(--mantine-color-body)',
          borderTop: '1px solid var(--mantine-color-default-border)',
        }}
      >
        <Group justify="flex-end" gap="xs">
          {actions}
        </Group>
      </Box>
      {guard.dialog}
    </Box>
  )
}
