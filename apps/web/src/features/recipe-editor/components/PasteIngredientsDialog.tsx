import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { useState } from 'react'
import { useStrings } from '@/i18n/use-strings'

/** The non-empty lines of pasted text, trimmed, with list bullets removed. */
export function ingredientLinesOf(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.replace(/^\s*(?:[-*•·]|\d+[.)])\s+/, '').trim())
    .filter((line) => line !== '')
}

/** Paste a list of ingredients; each line becomes one ingredient's note, to be structured later. */
export function PasteIngredientsDialog(props: {
  opened: boolean
  onClose: () => void
  onAdd: (lines: string[]) => void
}) {
  const { t } = useStrings('recipe-editor')
  const [text, setText] = useState('')
  const phone = useMediaQuery('(max-width: 36em)')
  const lines = ingredientLinesOf(text)
  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('common.cancel') }}
      opened={props.opened}
      onClose={props.onClose}
      title={t('recipeEditor.pasteTitle')}
      fullScreen={phone}
      size="lg"
    >
      <Stack gap="sm">
        <Textarea
          label={t('recipeEditor.pasteLabel')}
          description={t('recipeEditor.pasteHint')}
          autosize
          minRows={6}
          maxRows={16}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          data-autofocus
        />
        <Text size="xs" c="dimmed" aria-live="polite">
          {t('recipeEditor.pasteCount', { count: lines.length })}
        </Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={props.onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            disabled={lines.length === 0}
            onClick={() => {
              props.onAdd(lines)
              setText('')
            }}
          >
            {t('recipeEditor.pasteAdd', { count: lines.length })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
