import type { BackgroundJob } from '@larder/contracts'
import { Badge, Button, Card, Group, Pagination, ScrollArea, SegmentedControl, Stack, Table, Text } from '@mantine/core'
import { IconRefresh } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { notifyError, notifySuccess } from '@/components/feedback'
import { EmptyNote, QueryState } from '@/components/QueryState'
import { useAdminJobCounts, useAdminJobs, useRetryJob, type JobStatusFilter } from '@/features/admin/api/jobs'
import { formatMediumDateTime } from '@/i18n/medium-date'

const statusColor: Record<BackgroundJob['status'], string> = {
  queued: 'gray',
  running: 'blue',
  done: 'green',
  failed: 'red',
}

const filters: JobStatusFilter[] = ['all', 'failed', 'queued', 'running', 'done']

/** The kinds Larder runs, in words; a kind without its words (one added later) shows as it is named. */
const knownKinds = new Set([
  'recipe-import-url',
  'migration-linked-picture',
  'recipe-export-build',
  'recipe-export-expire',
  'auth.clean-up',
  'jobs.clean-up',
])

/** `/admin/jobs`: what waits, runs, finished or failed in the background, why a job failed, and a retry. */
export function JobsTable() {
  const { t } = useTranslation()
  const [status, setStatus] = useState<JobStatusFilter>('all')
  const [page, setPage] = useState(1)
  const jobs = useAdminJobs(status, page)
  const counts = useAdminJobCounts().data
  const retry = useRetryJob()
  const total = counts ? counts.queued + counts.running + counts.done + counts.failed : undefined
  const countOf = (filter: JobStatusFilter) => (filter === 'all' ? total : counts?.[filter])

  const kindName = (kind: string) => (knownKinds.has(kind) ? t(`admin.jobs.kinds.${kind}`) : kind)
  const retryButton = (job: BackgroundJob) => (
    <Button
      size="xs"
      variant="default"
      leftSection={<IconRefresh size={14} />}
      loading={retry.isPending && retry.variables === job.id}
      onClick={() =>
        retry.mutate(job.id, {
          onSuccess: () => notifySuccess(t('admin.jobs.retried', { kind: kindName(job.kind) })),
          onError: () => notifyError(t('admin.jobs.retryFailed')),
        })
      }
    >
      {t('admin.jobs.retry')}
    </Button>
  )
  return (
    <Card withBorder radius="lg" padding={0}>
      <Stack p="md" gap="sm">
        <Text size="sm" c="dimmed">
          {t('admin.jobs.intro')}
        </Text>
        <ScrollArea type="never">
          <SegmentedControl
            value={status}
            onChange={(value) => {
              setStatus(value)
              setPage(1)
            }}
            data={filters.map((filter) => ({
              value: filter,
              label:
                countOf(filter) === undefined
                  ? t(`admin.jobs.filter.${filter}`)
                  : `${t(`admin.jobs.filter.${filter}`)} (${countOf(filter)})`,
            }))}
          />
        </ScrollArea>
      </Stack>
      <QueryState query={jobs}>
        {(list) =>
          list.items.length === 0 ? (
            <EmptyNote>{status === 'all' ? t('admin.jobs.empty') : t(`admin.jobs.emptyOf.${status}`)}</EmptyNote>
          ) : (
            <>
              <Table visibleFrom="sm" verticalSpacing="sm" layout="fixed">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('admin.jobs.kind')}</Table.Th>
                    <Table.Th w={110}>{t('admin.jobs.status')}</Table.Th>
                    <Table.Th w={100}>{t('admin.jobs.attempts')}</Table.Th>
                    <Table.Th w={190}>{t('admin.jobs.when')}</Table.Th>
                    <Table.Th w={110} />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.items.map((job) => (
                    <Table.Tr key={job.id}>
                      <Table.Td>
                        <JobKind job={job} name={kindName(job.kind)} />
                      </Table.Td>
                      <Table.Td>
                        <JobStatus job={job} />
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">
                          {t('admin.jobs.attemptsOf', { attempts: job.attempts, max: job.maxAttempts })}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <JobWhen job={job} />
                      </Table.Td>
                      <Table.Td ta="right">{job.status === 'failed' && retryButton(job)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              {/* On a phone each job is a block of its own: a five-column table does not fit 375 px. */}
              <Stack hiddenFrom="sm" gap={0}>
                {list.items.map((job) => (
                  <Stack
                    key={job.id}
                    gap={6}
                    p="md"
                    style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
                  >
                    <Group justify="space-between" wrap="nowrap" align="flex-start">
                      <JobKind job={job} name={kindName(job.kind)} />
                      <JobStatus job={job} />
                    </Group>
                    <Group justify="space-between" wrap="nowrap">
                      <Stack gap={0}>
                        <JobWhen job={job} />
                        <Text size="xs" c="dimmed">
                          {t('admin.jobs.attempts')}:{' '}
                          {t('admin.jobs.attemptsOf', { attempts: job.attempts, max: job.maxAttempts })}
                        </Text>
                      </Stack>
                      {job.status === 'failed' && retryButton(job)}
                    </Group>
                  </Stack>
                ))}
              </Stack>
              {list.total_pages > 1 && (
                <Group justify="center" p="md">
                  <Pagination total={list.total_pages} value={page} onChange={setPage} size="sm" />
                </Group>
              )}
            </>
          )
        }
      </QueryState>
    </Card>
  )
}

function JobKind({ job, name }: { job: BackgroundJob; name: string }) {
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        {name}
      </Text>
      {job.lastError && (
        <Text size="xs" c={job.status === 'failed' ? 'red' : 'dimmed'} lineClamp={3}>
          {job.lastError}
        </Text>
      )}
    </Stack>
  )
}

function JobStatus({ job }: { job: BackgroundJob }) {
  const { t } = useTranslation()
  return (
    <Badge color={statusColor[job.status]} variant="light" style={{ flexShrink: 0 }}>
      {t(`admin.jobs.filter.${job.status}`)}
    </Badge>
  )
}

/** When a queued job runs, or when any other last changed. */
function JobWhen({ job }: { job: BackgroundJob }) {
  const { t, i18n } = useTranslation()
  const queued = job.status === 'queued'
  return (
    <Stack gap={0}>
      <Text size="sm">{formatMediumDateTime(i18n.language, new Date(queued ? job.runAfter : job.updatedAt))}</Text>
      <Text size="xs" c="dimmed">
        {queued ? t('admin.jobs.runsAt') : t('admin.jobs.changedAt')}
      </Text>
    </Stack>
  )
}
