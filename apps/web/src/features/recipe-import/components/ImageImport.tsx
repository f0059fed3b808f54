import {
  Alert,
  Button,
  Checkbox,
  CloseButton,
  FileButton,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core'
import { IconInfoCircle, IconPhotoPlus, IconSparkles } from '@tabler/icons-react'
import { useEffect, useMemo, useState } from 'react'
import { useNavigate } from 'react-router'
import { useStrings } from '@/i18n/use-strings'
import { useImportImages } from '@/features/recipe-import/api/upload-recipe'
import { ImportProblem } from './ImportProblem'
import { UploadProgress } from './UploadProgress'

/** The most photos one recipe is read from (a recipe over a few pages). */
const maxImages = 8

/** Object URLs for the chosen photos' previews, released when they change. */
function usePreviews(files: File[]) {
  const previews = useMemo(() => files.map((file) => URL.createObjectURL(file)), [files])
  useEffect(() => () => previews.forEach((url) => URL.revokeObjectURL(url)), [previews])
  return previews
}

/**
 * Photos of a cookbook page or a handwritten card → a recipe, read by the configured AI provider. `enabled` false
 * (the server says image services are off) shows why instead of the form.
 */
export function ImageImport(props: { enabled: boolean; language: string; recipePath: (slug: string) => string }) {
  const { t } = useStrings('recipe-import')
  const navigate = useNavigate()
  const [files, setFiles] = useState<File[]>([])
  const [translate, setTranslate] = useState(false)
  const [filesError, setFilesError] = useState<string | null>(null)
  const previews = usePreviews(files)
  const importImages = useImportImages()

  if (!props.enabled) {
    return (
      <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} title={t('image.offTitle')} maw={640}>
        {t('image.offText')}
      </Alert>
    )
  }

  function submit(event: React.FormEvent) {
    event.preventDefault()
    if (files.length === 0) return setFilesError(t('image.required'))
    setFilesError(null)
    importImages.mutate(
      { images: files, ...(translate ? { translateLanguage: props.language } : {}) },
      { onSuccess: (slug) => void navigate(`${props.recipePath(slug)}?edit=true`) },
    )
  }

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} maw={720}>
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('image.intro')}
          </Text>
          <Group gap="xs">
            <FileButton
              multiple
              accept="image/png,image/jpeg,image/webp,image/heic,image/heif"
              onChange={(chosen) => setFiles((current) => [...current, ...chosen].slice(0, maxImages))}
              disabled={importImages.isPending || files.length >= maxImages}
            >
              {(buttonProps) => (
                <Button {...buttonProps} variant="light" leftSection={<IconPhotoPlus size={16} />}>
                  {files.length === 0 ? t('image.choose') : t('image.chooseMore')}
                </Button>
              )}
            </FileButton>
            <Text size="xs" c="dimmed">
              {t('image.count', { number: files.length, max: maxImages })}
            </Text>
          </Group>
          {filesError && (
            <Text size="sm" c="error" role="alert">
              {filesError}
            </Text>
          )}
          {files.length > 0 && (
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
              {files.map((file, index) => (
                <Paper
                  key={`${file.name}-${index}`}
                  withBorder
                  radius="sm"
                  pos="relative"
                  style={{ overflow: 'hidden' }}
                >
                  <Image src={previews[index]} alt={t('image.preview', { number: index + 1 })} h={120} fit="cover" />
                  <CloseButton
                    pos="absolute"
                    top={4}
                    right={4}
                    variant="filled"
                    size="sm"
                    aria-label={t('image.remove', { name: file.name })}
                    disabled={importImages.isPending}
                    onClick={() => setFiles((current) => current.filter((_, other) => other !== index))}
                  />
                  <Text size="xs" px={6} py={4} truncate>
                    {file.name}
                  </Text>
                </Paper>
              ))}
            </SimpleGrid>
          )}
          <Checkbox
            label={t('image.translate')}
            description={t('image.translateHint')}
            checked={translate}
            onChange={(event) => setTranslate(event.currentTarget.checked)}
          />
          {importImages.isPending && <UploadProgress share={importImages.progress} />}
          {importImages.isError && <ImportProblem error={importImages.error} />}
          <Button
            type="submit"
            loading={importImages.isPending}
            leftSection={<IconSparkles size={16} />}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('image.submit')}
          </Button>
        </Stack>
      </form>
    </Paper>
  )
}
