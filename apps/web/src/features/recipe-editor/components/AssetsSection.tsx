import type { Recipe } from '@larder/contracts'
import { ActionIcon, Button, FileButton, Group, Paper, Stack, Text, TextInput } from '@mantine/core'
import { IconFile, IconPaperclip, IconTrash } from '@tabler/icons-react'
import { useState } from 'react'
import { useStrings } from '@/i18n/use-strings'
import { ApiError } from '@/api/api-error'
import { notifyError, notifySuccess } from '@/components/feedback'
import { useUploadRecipeAsset } from '@/features/recipe-editor/api/recipe-media'
import type { EditorForm } from './editor-draft'
import { EditorSection } from './EditorSection'

/** The server's allow-list (docs/mealie-compatibility.md "Recipe images and assets"). */
const assetTypes = '.pdf,.jpg,.jpeg,.png,.gif,.webp,.bmp,.avif,.txt,.md,.csv,.json'
const maximumAssetBytes = 50 * 1024 * 1024

/**
 * Files attached to the recipe. An upload is stored at once and joins the list; removing one takes effect when the
 * recipe is saved (the server deletes files no longer named in `assets`).
 */
export function AssetsSection({ form, recipe }: { form: EditorForm; recipe: Recipe }) {
  const { t } = useStrings('recipe-editor')
  const upload = useUploadRecipeAsset(recipe.slug)
  const [name, setName] = useState('')
  const [file, setFile] = useState<File | null>(null)
  const [problem, setProblem] = useState<string | null>(null)

  function choose(chosen: File | null) {
    setProblem(null)
    if (!chosen) return
    if (chosen.size > maximumAssetBytes) return setProblem(t('recipeEditor.assetTooLarge'))
    setFile(chosen)
    if (name.trim() === '') setName(chosen.name.replace(/\.[^.]+$/, ''))
  }

  function send() {
    if (!file) return
    if (name.trim() === '') return setProblem(t('recipeEditor.assetNameRequired'))
    upload.mutate(
      { name, icon: 'mdi-file', file },
      {
        onSuccess: (asset) => {
          // Already stored: it joins both the list and the saved state, so it does not count as an unsaved change.
          form.setInitialValues({ ...form.getInitialValues(), assets: [...form.getInitialValues().assets, asset] })
          form.setFieldValue('assets', [...form.getValues().assets, asset])
          setFile(null)
          setName('')
          notifySuccess(t('recipeEditor.assetSaved'))
        },
        onError: (error) => {
          if (!(error instanceof ApiError && error.notified)) notifyError(error.message)
        },
      },
    )
  }

  return (
    <EditorSection title={t('recipeEditor.assets')} description={t('recipeEditor.assetsHint')}>
      {form.values.assets.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('recipeEditor.noAssets')}
        </Text>
      )}
      {form.values.assets.map((asset, index) => (
        <Paper key={asset.fileName} withBorder radius="sm" px="sm" py={6}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
              <IconFile size={18} aria-hidden />
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="sm" truncate>
                  {asset.name}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {asset.fileName}
                </Text>
              </Stack>
            </Group>
            <ActionIcon
              variant="subtle"
              color="error"
              onClick={() => form.removeListItem('assets', index)}
              aria-label={t('recipeEditor.deleteItem', { item: asset.name })}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        </Paper>
      ))}
      <Group gap="xs" align="flex-end" wrap="wrap">
        <FileButton onChange={choose} accept={assetTypes}>
          {(props) => (
            <Button variant="default" leftSection={<IconPaperclip size={16} />} {...props}>
              {file ? file.name : t('recipeEditor.chooseAsset')}
            </Button>
          )}
        </FileButton>
        {file && (
          <>
            <TextInput
              style={{ flex: '1 1 160px' }}
              label={t('recipeEditor.assetName')}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
            />
            <Button loading={upload.isPending} onClick={send}>
              {t('recipeEditor.uploadAsset')}
            </Button>
          </>
        )}
      </Group>
      {problem && (
        <Text size="xs" c="error" role="alert">
          {problem}
        </Text>
      )}
    </EditorSection>
  )
}
