import type { SupportedMigration } from '@larder/contracts'
import { Alert, Button, Checkbox, FileInput, Paper, Progress, Select, Stack, Text } from '@mantine/core'
import { IconAlertTriangle, IconFileUpload, IconInfoCircle, IconTransfer } from '@tabler/icons-react'
import { useState } from 'react'
import { ApiError, NetworkError } from '@/api/api-error'
import { QueryState } from '@/components/QueryState'
import { useStrings } from '@/i18n/use-strings'
import { ReportView, useReport } from '@/features/reports'
import { useStartMigration } from '@/features/migrations/api/start-migration'
import { migrationSources } from '@/features/migrations/migration-sources'

/**
 * Bring recipes over from another app: pick the app (its export instructions show below), the file, whether to
 * tag what comes in; the upload shows its progress, then the migration's report.
 */
export function MigrationForm() {
  const { t } = useStrings('migrations')
  const [type, setType] = useState<SupportedMigration | null>(null)
  const [file, setFile] = useState<File | null>(null)
  const [addTag, setAddTag] = useState(true)
  const [errors, setErrors] = useState<{ type?: string; file?: string }>({})
  const [reportId, setReportId] = useState<string | null>(null)
  const migration = useStartMigration()
  const report = useReport(reportId)
  const source = migrationSources.find((candidate) => candidate.type === type)

  function submit(event: React.FormEvent) {
    event.preventDefault()
    const problems = {
      type: type ? undefined : t('form.typeRequired'),
      file: file ? undefined : t('form.fileRequired'),
    }
    setErrors(problems)
    if (!type || !file) return
    setReportId(null)
    migration.mutate(
      { type, archive: file, addMigrationTag: addTag },
      {
        onSuccess: (summary) => {
          setReportId(summary.id)
          setFile(null)
        },
      },
    )
  }

  const share = migration.progress
  const uploaded = share !== null && share >= 1
  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} maw={720}>
        <form noValidate onSubmit={submit}>
          <Stack gap="md">
            <Select
              label={t('form.type')}
              placeholder={t('form.typePlaceholder')}
              required
              data={migrationSources.map((candidate) => ({ value: candidate.type, label: candidate.name }))}
              value={type}
              error={errors.type}
              allowDeselect={false}
              disabled={migration.isPending}
              onChange={(value) => {
                setType(value)
                setFile(null)
              }}
              comboboxProps={{ withinPortal: true }}
            />
            {source && (
              <Alert
                variant="light"
                color="blue"
                icon={<IconInfoCircle size={18} />}
                title={t('form.howTo', { app: source.name })}
              >
                <Text size="sm">{t(`sources.${source.type}`)}</Text>
              </Alert>
            )}
            <FileInput
              label={t('form.file')}
              accept={source?.accept ?? '.zip,.csv'}
              leftSection={<IconFileUpload size={16} />}
              required
              clearable
              value={file}
              error={errors.file}
              disabled={migration.isPending || !source}
              onChange={setFile}
            />
            <Checkbox
              label={t('form.addTag')}
              description={source ? t('form.addTagHint', { tag: source.type }) : undefined}
              checked={addTag}
              disabled={migration.isPending}
              onChange={(event) => setAddTag(event.currentTarget.checked)}
            />
            {migration.isPending && (
              <Stack gap={4} role="status" aria-live="polite">
                <Progress
                  value={share === null || uploaded ? 100 : share * 100}
                  animated={share === null || uploaded}
                  aria-label={
                    uploaded || share === null
                      ? t('form.importing')
                      : t('form.uploading', { percent: Math.round(share * 100) })
                  }
                />
                <Text size="xs" c="dimmed">
                  {uploaded || share === null
                    ? t('form.importing')
                    : t('form.uploading', { percent: Math.round(share * 100) })}
                </Text>
              </Stack>
            )}
            {migration.isError && <MigrationProblem error={migration.error} />}
            <Button
              type="submit"
              loading={migration.isPending}
              leftSection={<IconTransfer size={16} />}
              style={{ alignSelf: 'flex-start' }}
            >
              {t('form.submit')}
            </Button>
          </Stack>
        </form>
      </Paper>
      {reportId && <QueryState query={report}>{(data) => <ReportView report={data} />}</QueryState>}
    </Stack>
  )
}

function MigrationProblem({ error }: { error: unknown }) {
  const { t } = useStrings('migrations')
  const status = error instanceof ApiError ? error.status : null
  const title =
    status === 413
      ? t('problem.tooLarge')
      : status === 415 || status === 400
        ? t('problem.unreadable')
        : error instanceof NetworkError
          ? t('problem.network')
          : t('problem.title')
  return (
    <Alert color="error" variant="light" icon={<IconAlertTriangle size={18} />} title={title} role="alert">
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {error instanceof NetworkError ? t('problem.networkText') : error instanceof Error ? error.message : ''}
      </Text>
      <Text size="sm" mt="xs">
        {t('problem.nothingImported')}
      </Text>
    </Alert>
  )
}
