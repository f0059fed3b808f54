import type { BackupFile, BackupRestoreReport } from '@larder/contracts'
import {
  Alert,
  Button,
  Card,
  FileButton,
  Group,
  List,
  Progress,
  Stack,
  Table,
  Text,
  TextInput,
  useMantineTheme,
} from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import {
  IconAlertTriangle,
  IconDownload,
  IconPlus,
  IconRestore,
  IconShieldCheck,
  IconUpload,
} from '@tabler/icons-react'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { paths } from '@/app/paths'
import { ConfirmButton } from '@/components/ConfirmButton'
import { DialogActions, DialogShell } from '@/components/DialogShell'
import { notifyError, notifySuccess } from '@/components/feedback'
import { EmptyNote, QueryState } from '@/components/QueryState'
import { useBackupActions, useBackups } from '@/features/admin/api/backups'
import { session } from '@/features/auth'
import { formatMediumDateTime } from '@/i18n/medium-date'
import { useStrings } from '@/i18n/use-strings'

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/** What a verify or a restore did per table: only the tables it touched, and every reason a row was left out. */
export function RestoreReportView({ report }: { report: BackupRestoreReport }) {
  const { t } = useStrings('backups')
  const rows = Object.entries(report.tables).filter(([, table]) => table.restored > 0 || table.skipped > 0)
  return (
    <Stack gap="xs">
      <Table verticalSpacing={4} fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('backups.report.table')}</Table.Th>
            <Table.Th ta="right">{t('backups.report.restored')}</Table.Th>
            <Table.Th ta="right">{t('backups.report.skipped')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {[...rows, ['media', report.media] as const].map(([name, table]) => (
            <Table.Tr key={name}>
              <Table.Td>
                <Text size="sm">{name === 'media' ? t('backups.report.media') : name}</Text>
                {table.reasons.length > 0 && (
                  <List size="xs" c="dimmed">
                    {table.reasons.map((reason) => (
                      <List.Item key={reason}>{reason}</List.Item>
                    ))}
                  </List>
                )}
              </Table.Td>
              <Table.Td ta="right">{table.restored}</Table.Td>
              <Table.Td ta="right">{table.skipped}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  )
}

/**
 * Restoring replaces every user, group and recipe: the administrator types the backup's name to go on, as for
 * deleting a repository on a forge. Afterwards everyone signs in again, this administrator first (Mealie's client
 * signs out too): the session may belong to a user the backup does not have.
 */
export function RestoreDialog(props: { backup: BackupFile | null; onClose: () => void }) {
  const { t } = useStrings('backups')
  const { restore } = useBackupActions()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [typed, setTyped] = useState('')
  const name = props.backup?.name ?? ''
  const close = () => {
    setTyped('')
    restore.reset()
    props.onClose()
  }

  async function run() {
    try {
      await restore.mutateAsync(name)
    } catch {
      return // Shown in the dialog.
    }
    notifySuccess(t('backups.restore.done'))
    try {
      await session.signOut()
    } finally {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'app' })
      await navigate(paths.login)
    }
  }

  return (
    <DialogShell
      opened={props.backup !== null}
      title={t('backups.restore.title')}
      onClose={close}
      busy={restore.isPending}
    >
      <Stack gap="md">
        <Alert color="error" icon={<IconAlertTriangle size={18} />}>
          {t('backups.restore.warning')}
        </Alert>
        <TextInput
          label={t('backups.restore.typeName', { name })}
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
          autoComplete="off"
          data-autofocus
        />
        {restore.isError && (
          <Alert color="error" role="alert">
            {messageOf(restore.error)}
          </Alert>
        )}
        <DialogActions onCancel={close} cancelDisabled={restore.isPending}>
          <Button
            color="error"
            leftSection={<IconRestore size={16} />}
            disabled={typed !== name}
            loading={restore.isPending}
            onClick={() => void run()}
          >
            {t('backups.restore.confirm')}
          </Button>
        </DialogActions>
      </Stack>
    </DialogShell>
  )
}

function VerifyDialog(props: {
  fileName: string | null
  onClose: () => void
  verify: ReturnType<typeof useBackupActions>['verify']
}) {
  const { t } = useStrings('backups')
  const { verify } = props
  return (
    <DialogShell opened={props.fileName !== null} title={t('backups.verify.title')} onClose={props.onClose} size="lg">
      <Stack gap="md">
        {verify.isPending && <Text size="sm">{t('backups.verify.running')}</Text>}
        {verify.isError && (
          <Alert color="error" role="alert">
            {messageOf(verify.error)}
          </Alert>
        )}
        {verify.data && (
          <>
            <Alert color="success" icon={<IconShieldCheck size={18} />}>
              {t('backups.verify.ok')}
            </Alert>
            <RestoreReportView report={verify.data} />
          </>
        )}
        <DialogActions onCancel={props.onClose} cancelLabel={t('backups.close')} />
      </Stack>
    </DialogShell>
  )
}

/** `/admin/backups`: the server's backups, newest first, and what an administrator does with them. */
export function BackupsPanel() {
  const { t, i18n } = useStrings('backups')
  const backups = useBackups()
  const actions = useBackupActions()
  const [restoring, setRestoring] = useState<BackupFile | null>(null)
  const theme = useMantineTheme()
  const phone = useMediaQuery(`(max-width: ${theme.breakpoints.sm})`, false, { getInitialValueInEffect: false })
  const [verifying, setVerifying] = useState<string | null>(null)

  const create = () =>
    actions.create.mutate(undefined, {
      onSuccess: () => notifySuccess(t('backups.created')),
    })
  const upload = (file: File | null) => {
    if (!file) return
    actions.upload.mutate(file, {
      onSuccess: () => notifySuccess(t('backups.uploaded', { name: file.name })),
      onError: (error) => notifyError(messageOf(error)),
    })
  }
  const actionsFor = (backup: BackupFile) => (
    <Group gap={6} justify={phone ? 'flex-start' : 'flex-end'} wrap="wrap">
      <Button
        size="xs"
        variant="default"
        leftSection={<IconDownload size={14} />}
        onClick={() => actions.download.mutate(backup.name)}
      >
        {t('backups.download')}
      </Button>
      <Button size="xs" variant="default" onClick={() => verify(backup.name)}>
        {t('backups.verify.action')}
      </Button>
      <Button size="xs" variant="light" color="error" onClick={() => setRestoring(backup)}>
        {t('backups.restore.action')}
      </Button>
      <ConfirmButton
        size="xs"
        title={t('backups.delete.title')}
        message={t('backups.delete.message', { name: backup.name })}
        confirmLabel={t('backups.delete.confirm')}
        onConfirm={() => actions.remove.mutateAsync(backup.name)}
      >
        {t('backups.delete.action')}
      </ConfirmButton>
    </Group>
  )
  const verify = (name: string) => {
    setVerifying(name)
    actions.verify.mutate(name)
  }

  return (
    <Card withBorder radius="lg" padding={0}>
      <Stack p="md" gap="sm">
        <Text size="sm" c="dimmed">
          {t('backups.intro')}
        </Text>
        <Group gap="xs">
          <Button leftSection={<IconPlus size={16} />} loading={actions.create.isPending} onClick={create}>
            {t('backups.create')}
          </Button>
          <FileButton onChange={upload} accept=".zip,application/zip">
            {(props) => (
              <Button
                {...props}
                variant="default"
                leftSection={<IconUpload size={16} />}
                loading={actions.upload.isPending}
              >
                {t('backups.upload')}
              </Button>
            )}
          </FileButton>
        </Group>
        {actions.create.isPending && <Text size="sm">{t('backups.creating')}</Text>}
        {actions.uploadShare !== null && (
          <Progress value={actions.uploadShare} aria-label={t('backups.uploadProgress')} animated />
        )}
      </Stack>
      <QueryState query={backups}>
        {(list) =>
          list.imports.length === 0 ? (
            <EmptyNote>{t('backups.empty')}</EmptyNote>
          ) : (
            <Table verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('backups.name')}</Table.Th>
                  {!phone && (
                    <>
                      <Table.Th>{t('backups.date')}</Table.Th>
                      <Table.Th>{t('backups.size')}</Table.Th>
                      <Table.Th />
                    </>
                  )}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.imports.map((backup) => (
                  <Table.Tr key={backup.name}>
                    <Table.Td>
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {backup.name}
                      </Text>
                      {/* Phones: the date, size and actions under the name, which keeps the width to wrap in. */}
                      {phone && (
                        <Stack gap={6} mt={4}>
                          <Text size="xs" c="dimmed">
                            {formatMediumDateTime(i18n.language, new Date(backup.date))} · {backup.size}
                          </Text>
                          {actionsFor(backup)}
                        </Stack>
                      )}
                    </Table.Td>
                    {!phone && (
                      <>
                        <Table.Td>{formatMediumDateTime(i18n.language, new Date(backup.date))}</Table.Td>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>{backup.size}</Table.Td>
                      </>
                    )}
                    {!phone && <Table.Td>{actionsFor(backup)}</Table.Td>}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )
        }
      </QueryState>
      <RestoreDialog backup={restoring} onClose={() => setRestoring(null)} />
      <VerifyDialog fileName={verifying} verify={actions.verify} onClose={() => setVerifying(null)} />
    </Card>
  )
}
