import type { Recipe } from '@larder/contracts'
import { Button, Center, FileButton, Group, Image, Paper, Stack, Text, TextInput } from '@mantine/core'
import { IconLink, IconPhoto, IconPhotoUp, IconTrash } from '@tabler/icons-react'
import { useState } from 'react'
import { useStrings } from '@/i18n/use-strings'
import { notifyError, notifySuccess } from '@/components/feedback'
import { ApiError } from '@/api/api-error'
import { recipeImageUrl, useRecipeImage } from '@/features/recipe-editor/api/recipe-media'
import { EditorSection } from './EditorSection'

const maximumImageBytes = 20 * 1024 * 1024

/** The recipe's picture: upload a file, fetch one from an address, or remove it. Saved at once, not with the form. */
export function ImageSection({ recipe }: { recipe: Recipe }) {
  const { t } = useStrings('recipe-editor')
  const image = useRecipeImage(recipe.slug)
  const [url, setUrl] = useState('')
  const [problem, setProblem] = useState<string | null>(null)

  function failed(error: unknown) {
    if (error instanceof ApiError && error.notified) return
    notifyError(error instanceof Error ? error.message : t('recipeEditor.imageFailed'))
  }

  function upload(file: File | null) {
    setProblem(null)
    if (!file) return
    if (!file.type.startsWith('image/')) return setProblem(t('recipeEditor.imageNotImage'))
    if (file.size > maximumImageBytes) return setProblem(t('recipeEditor.imageTooLarge'))
    image.upload.mutate(file, { onSuccess: () => notifySuccess(t('recipeEditor.imageSaved')), onError: failed })
  }

  function fetchFromUrl() {
    setProblem(null)
    if (!/^https?:\/\/\S+$/i.test(url.trim())) return setProblem(t('recipeEditor.imageUrlInvalid'))
    image.fromUrl.mutate(url, {
      onSuccess: () => {
        setUrl('')
        notifySuccess(t('recipeEditor.imageSaved'))
      },
      onError: failed,
    })
  }

  const busy = image.upload.isPending || image.fromUrl.isPending || image.remove.isPending
  return (
    <EditorSection title={t('recipeEditor.image')} description={t('recipeEditor.imageHint')}>
      <Group align="flex-start" gap="md" wrap="wrap">
        <Paper withBorder radius="md" w={160} h={120} style={{ overflow: 'hidden', flexShrink: 0 }}>
          {recipe.image ? (
            <Image
              src={recipeImageUrl(recipe)}
              alt={t('recipeEditor.imageAlt', { name: recipe.name })}
              h={120}
              fit="cover"
            />
          ) : (
            <Center h="100%">
              <IconPhoto size={36} stroke={1.4} aria-hidden color="var(--mantine-color-dimmed)" />
              <Text size="xs" c="dimmed" ml={4}>
                {t('recipeEditor.noImage')}
              </Text>
            </Center>
          )}
        </Paper>
        <Stack gap="xs" style={{ flex: '1 1 240px' }}>
          <Group gap="xs">
            <FileButton onChange={upload} accept="image/png,image/jpeg,image/webp,image/gif,image/avif">
              {(props) => (
                <Button
                  variant="default"
                  leftSection={<IconPhotoUp size={16} />}
                  loading={image.upload.isPending}
                  disabled={busy}
                  {...props}
                >
                  {t('recipeEditor.uploadImage')}
                </Button>
              )}
            </FileButton>
            {recipe.image && (
              <Button
                variant="subtle"
                color="error"
                leftSection={<IconTrash size={16} />}
                loading={image.remove.isPending}
                disabled={busy}
                onClick={() =>
                  image.remove.mutate(undefined, {
                    onSuccess: () => notifySuccess(t('recipeEditor.imageRemoved')),
                    onError: failed,
                  })
                }
              >
                {t('recipeEditor.removeImage')}
              </Button>
            )}
          </Group>
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              label={t('recipeEditor.imageUrl')}
              type="url"
              inputMode="url"
              placeholder="https://"
              value={url}
              onChange={(event) => setUrl(event.currentTarget.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault()
                  fetchFromUrl()
                }
              }}
            />
            <Button
              variant="default"
              leftSection={<IconLink size={16} />}
              loading={image.fromUrl.isPending}
              disabled={busy || url.trim() === ''}
              onClick={fetchFromUrl}
            >
              {t('recipeEditor.fetchImage')}
            </Button>
          </Group>
          {problem && (
            <Text size="xs" c="error" role="alert">
              {problem}
            </Text>
          )}
        </Stack>
      </Group>
    </EditorSection>
  )
}
