import { Button, FileInput, Paper, Stack, Text } from '@mantine/core'
import { IconFileZip, IconUpload } from '@tabler/icons-react'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { useStrings } from '@/i18n/use-strings'
import { useImportZip } from '@/features/recipe-import/api/upload-recipe'
import { ImportProblem } from './ImportProblem'
import { UploadProgress } from './UploadProgress'

/** Upload one recipe exported as a zip (from Larder or Mealie: its JSON and its picture). */
export function ZipImport({ recipePath }: { recipePath: (slug: string) => string }) {
  const { t } = useStrings('recipe-import')
  const navigate = useNavigate()
  const [file, setFile] = useState<File | null>(null)
  const [fileError, setFileError] = useState<string | null>(null)
  const importZip = useImportZip()

  function submit(event: React.FormEvent) {
    event.preventDefault()
    if (!file) return setFileError(t('zip.required'))
    setFileError(null)
    importZip.mutate(file, { onSuccess: (slug) => void navigate(recipePath(slug)) })
  }

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} maw={640}>
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('zip.intro')}
          </Text>
          <FileInput
            label={t('zip.label')}
            accept=".zip,application/zip"
            leftSection={<IconFileZip size={16} />}
            clearable
            required
            value={file}
            error={fileError}
            disabled={importZip.isPending}
            onChange={setFile}
          />
          {importZip.isPending && <UploadProgress share={importZip.progress} />}
          {importZip.isError && <ImportProblem error={importZip.error} />}
          <Button
            type="submit"
            loading={importZip.isPending}
            leftSection={<IconUpload size={16} />}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('zip.submit')}
          </Button>
        </Stack>
      </form>
    </Paper>
  )
}
