import { ActionIcon, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core'
import { IconPlus, IconTrash } from '@tabler/icons-react'
import { useStrings } from '@/i18n/use-strings'
import { newKey, type EditorForm } from './editor-draft'
import { EditorSection } from './EditorSection'

/** Notes (title and text) shown under the recipe. */
export function NotesSection({ form }: { form: EditorForm }) {
  const { t } = useStrings('recipe-editor')
  return (
    <EditorSection title={t('recipeEditor.notes')}>
      {form.values.notes.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('recipeEditor.noNotes')}
        </Text>
      )}
      {form.values.notes.map((note, index) => (
        <Paper key={note.key} withBorder radius="sm" p="xs">
          <Stack gap={6}>
            <Group gap="xs" wrap="nowrap" align="flex-end">
              <TextInput
                style={{ flex: 1 }}
                label={t('recipeEditor.noteTitle')}
                {...form.getInputProps(`notes.${index}.title`)}
              />
              <ActionIcon
                variant="subtle"
                color="error"
                size="lg"
                onClick={() => form.removeListItem('notes', index)}
                aria-label={t('recipeEditor.deleteItem', { item: t('recipeEditor.noteNumber', { number: index + 1 }) })}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
            <Textarea
              label={t('recipeEditor.noteText')}
              autosize
              minRows={2}
              maxRows={10}
              {...form.getInputProps(`notes.${index}.text`)}
            />
          </Stack>
        </Paper>
      ))}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={() => form.insertListItem('notes', { key: newKey(), title: '', text: '' })}
        >
          {t('recipeEditor.addNote')}
        </Button>
      </Group>
    </EditorSection>
  )
}

/** Extras: free key/value pairs that integrations read and write. */
export function ExtrasSection({ form }: { form: EditorForm }) {
  const { t } = useStrings('recipe-editor')
  const names = form.values.extras.map((extra) => extra.name.trim()).filter((name) => name !== '')
  const repeated = new Set(names.filter((name, index) => names.indexOf(name) !== index))
  return (
    <EditorSection title={t('recipeEditor.extras')} description={t('recipeEditor.extrasHint')}>
      {form.values.extras.map((extra, index) => (
        <Group key={extra.key} gap="xs" wrap="nowrap" align="flex-start">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" style={{ flex: 1 }}>
            <TextInput
              label={t('recipeEditor.extraKey')}
              {...form.getInputProps(`extras.${index}.name`)}
              error={repeated.has(extra.name.trim()) ? t('recipeEditor.extraRepeated') : undefined}
            />
            <TextInput label={t('recipeEditor.extraValue')} {...form.getInputProps(`extras.${index}.value`)} />
          </SimpleGrid>
          <ActionIcon
            mt={26}
            variant="subtle"
            color="error"
            size="lg"
            onClick={() => form.removeListItem('extras', index)}
            aria-label={t('recipeEditor.deleteItem', {
              item: extra.name || t('recipeEditor.extraNumber', { number: index + 1 }),
            })}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={() => form.insertListItem('extras', { key: newKey(), name: '', value: '' })}
        >
          {t('recipeEditor.addExtra')}
        </Button>
      </Group>
    </EditorSection>
  )
}
