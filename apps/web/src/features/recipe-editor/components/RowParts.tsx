import { ActionIcon, Group, Paper, Stack, Text, TextInput } from '@mantine/core'
import { IconX } from '@tabler/icons-react'
import { memo, type ReactNode } from 'react'
import { useStrings } from '@/i18n/use-strings'
import type { EditorForm } from './editor-draft'
import type { RowControls } from './SortableList'

/** A form's stable setter: rows take it instead of the form, so a keystroke elsewhere does not re-render them. */
export type SetField = EditorForm['setFieldValue']

/** The title of the section a row starts, with a button that makes the row an ordinary one again. */
export const SectionTitleField = memo(function SectionTitleField(props: {
  path: string
  title: string
  error: ReactNode
  setFieldValue: SetField
}) {
  const { t } = useStrings('recipe-editor')
  const { path, setFieldValue } = props
  return (
    <Group gap="xs" wrap="nowrap" align="flex-end">
      <TextInput
        style={{ flex: 1 }}
        label={t('recipeEditor.sectionTitle')}
        value={props.title}
        error={props.error}
        onChange={(event) => setFieldValue(`${path}.title`, event.currentTarget.value)}
      />
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        onClick={() => setFieldValue(`${path}.title`, null)}
        aria-label={t('recipeEditor.removeSectionTitle')}
      >
        <IconX size={16} />
      </ActionIcon>
    </Group>
  )
})

/**
 * One row of a sortable editor list: the title of the section it starts (when it starts one), a header with the
 * drag handle and the row's name on one side and its section, move and delete buttons on the other, then its fields.
 */
export function SortableRowFrame(props: {
  path: string
  /** Null when the row starts no section. */
  title: string | null
  titleError: ReactNode
  setFieldValue: SetField
  label: string
  controls: RowControls
  children: ReactNode
}) {
  return (
    <Paper withBorder radius="sm" p="xs">
      <Stack gap={6}>
        {props.title !== null && (
          <SectionTitleField
            path={props.path}
            title={props.title}
            error={props.titleError}
            setFieldValue={props.setFieldValue}
          />
        )}
        <Group gap="xs" justify="space-between" wrap="nowrap">
          <Group gap={4} wrap="nowrap">
            {props.controls.handle}
            <Text size="sm" fw={600}>
              {props.label}
            </Text>
          </Group>
          {props.controls.buttons}
        </Group>
        {props.children}
      </Stack>
    </Paper>
  )
}

/**
 * Props equality by value for the editor's memoised parts: Mantine's form copies all its values on every change
 * (its setPath clones the whole object), so unchanged rows arrive as equal copies, never as the same objects.
 * Plain data is compared as JSON; functions (the form's stable setters) by identity.
 */
export function sameProps<Props extends object>(previous: Props, next: Props): boolean {
  return (Object.keys(next) as (keyof Props)[]).every((key) => {
    const before = previous[key]
    const after = next[key]
    if (Object.is(before, after)) return true
    if (typeof before !== 'object' || typeof after !== 'object' || before === null || after === null) return false
    return JSON.stringify(before) === JSON.stringify(after)
  })
}
