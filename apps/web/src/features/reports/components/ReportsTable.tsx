import type { ReportCategory } from '@larder/contracts'
import { ActionIcon, Anchor, Group, Modal, Button, Paper, Stack, Text, Title } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { IconTrash } from '@tabler/icons-react'
import { Link } from 'react-router'
import { EmptyNote, QueryState } from '@/components/QueryState'
import { useStrings } from '@/i18n/use-strings'
import { useDeleteReport, useReports } from '@/features/reports/api/reports'
import { ReportStatusBadge } from './ReportStatusBadge'

/** The group's past reports of one category: status, date, a link to each, and delete (asked first). */
export function ReportsTable({
  category,
  title,
  reportPath,
}: {
  category: ReportCategory
  title: string
  reportPath: (id: string) => string
}) {
  const { t, i18n } = useStrings('reports')
  const reports = useReports(category)
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })
  return (
    <Stack gap="sm" component="section" aria-labelledby={`reports-${category}`}>
      <Title order={2} fz="lg" id={`reports-${category}`}>
        {title}
      </Title>
      <QueryState query={reports}>
        {(items) =>
          items.length === 0 ? (
            <EmptyNote>{t('reports.none')}</EmptyNote>
          ) : (
            <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {items.map((report) => (
                <Paper component="li" key={report.id} withBorder radius="sm" px="sm" py="xs">
                  <Group justify="space-between" gap="xs" wrap="nowrap">
                    <Stack gap={2} style={{ minWidth: 0 }}>
                      <Anchor
                        component={Link}
                        to={reportPath(report.id)}
                        size="sm"
                        fw={500}
                        lineClamp={2}
                        underline="always"
                      >
                        {report.name}
                      </Anchor>
                      <Group gap="xs">
                        <ReportStatusBadge status={report.status} />
                        <Text size="xs" c="dimmed">
                          {when.format(new Date(report.timestamp))}
                        </Text>
                      </Group>
                    </Stack>
                    <DeleteReportButton id={report.id} name={report.name} />
                  </Group>
                </Paper>
              ))}
            </Stack>
          )
        }
      </QueryState>
    </Stack>
  )
}

function DeleteReportButton({ id, name }: { id: string; name: string }) {
  const { t } = useStrings('reports')
  const [opened, { open, close }] = useDisclosure(false)
  const remove = useDeleteReport()
  return (
    <>
      <ActionIcon variant="subtle" color="gray" aria-label={t('reports.delete', { name })} onClick={open}>
        <IconTrash size={18} />
      </ActionIcon>
      <Modal
        opened={opened}
        onClose={close}
        title={t('reports.deleteTitle')}
        centered
        radius="lg"
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Stack gap="lg">
          <Text size="sm">{t('reports.deleteText', { name })}</Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close} data-autofocus>
              {t('common.cancel')}
            </Button>
            <Button color="error" loading={remove.isPending} onClick={() => remove.mutate(id, { onSuccess: close })}>
              {t('common.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  )
}
