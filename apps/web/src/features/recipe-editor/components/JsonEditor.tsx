import type { Recipe } from '@larder/contracts'
import { Alert, Button, Group, List, Modal, Stack, Textarea } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { IconBraces } from '@tabler/icons-react'
import { useState } from 'react'
import { useStrings } from '@/i18n/use-strings'
import { inputOf, type EditorForm } from './editor-draft'
import { EditorSection } from './EditorSection'
import { draftOfJson, readRecipeJson, type JsonProblem } from './recipe-json'

/** For advanced users: the PUT body as JSON, edited by hand, checked, then applied to the form (not yet saved). */
export function JsonEditor({ form, recipe }: { form: EditorForm; recipe: Recipe }) {
  const { t } = useStrings('recipe-editor')
  const phone = useMediaQuery('(max-width: 36em)')
  const [text, setText] = useState<string | null>(null)
  const [problems, setProblems] = useState<JsonProblem[]>([])
  const messages = {
    notJson: (detail: string) => t('recipeEditor.json.notJson', { detail }),
    notObject: t('recipeEditor.json.notObject'),
    text: t('recipeEditor.json.text'),
    number: t('recipeEditor.json.number'),
    list: t('recipeEditor.json.list'),
    object: t('recipeEditor.json.object'),
    boolean: t('recipeEditor.json.boolean'),
    uuid: t('recipeEditor.json.uuid'),
    name: t('recipeEditor.json.name'),
  }

  function open() {
    setProblems([])
    setText(JSON.stringify(inputOf(form.getValues(), recipe), null, 2))
  }

  function apply() {
    if (text === null) return
    const read = readRecipeJson(text, messages)
    if (read.value === null) return setProblems(read.problems)
    form.setValues(draftOfJson(read.value, form.getValues()))
    form.clearErrors()
    setProblems([])
    setText(null)
  }

  return (
    <EditorSection title={t('recipeEditor.json.title')} description={t('recipeEditor.json.hint')}>
      <Group>
        <Button variant="default" leftSection={<IconBraces size={16} />} onClick={open}>
          {t('recipeEditor.json.open')}
        </Button>
      </Group>
      <Modal
        closeButtonProps={{ 'aria-label': t('common.cancel') }}
        opened={text !== null}
        onClose={() => setText(null)}
        title={t('recipeEditor.json.title')}
        size="xl"
        fullScreen={phone}
      >
        <Stack gap="sm">
          <Textarea
            label={t('recipeEditor.json.label')}
            value={text ?? ''}
            onChange={(event) => setText(event.currentTarget.value)}
            autosize
            minRows={12}
            maxRows={28}
            spellCheck={false}
            autoCapitalize="off"
            autoCorrect="off"
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
            error={problems.length > 0 ? t('recipeEditor.json.invalid', { count: problems.length }) : undefined}
          />
          {problems.length > 0 && (
            <Alert color="error" variant="light" title={t('recipeEditor.json.problems')} role="alert">
              <List size="sm" spacing={2}>
                {problems.map((problem, index) => (
                  <List.Item key={index}>
                    {problem.path ? <code>{problem.path}</code> : null}
                    {problem.path ? ': ' : ''}
                    {problem.message}
                  </List.Item>
                ))}
              </List>
            </Alert>
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setText(null)}>
              {t('common.cancel')}
            </Button>
            <Button onClick={apply}>{t('recipeEditor.json.apply')}</Button>
          </Group>
        </Stack>
      </Modal>
    </EditorSection>
  )
}
