import type { ReportEntryOut, ReportOut } from '@larder/contracts'
import {
  Alert,
  Anchor,
  Button,
  Code,
  Collapse,
  Group,
  Paper,
  Progress,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core'
import { IconAlertTriangle, IconCircleCheck, IconCircleX } from '@tabler/icons-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { EmptyNote } from '@/components/QueryState'
import { useStrings } from '@/i18n/use-strings'
import { ReportStatusBadge } from './ReportStatusBadge'

/**
 * One report (a bulk import, a migration): its status, how many entries succeeded, and each entry with its message
 * and, on request, the exception behind a failure. `expected` (the number of URLs sent) turns the count into a bar
 * while the work goes on. With `recipePath`, an entry that made a recipe links to it; a bulk import's failure shows
 * its reason (a sentence for the person) in place, since that is what they act on.
 */
export function ReportView({
  report,
  expected,
  recipePath,
}: {
  report: ReportOut
  expected?: number
  recipePath?: (slug: string) => string
}) {
  const { t, i18n } = useStrings('reports')
  const [filter, setFilter] = useState<'all' | 'failed'>('all')
  const failed = report.entries.filter((entry) => !entry.success).length
  const succeeded = report.entries.length - failed
  const inProgress = report.status === 'in-progress'
  const shown = filter === 'failed' ? report.entries.filter((entry) => !entry.success) : report.entries
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="xs">
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Title order={2} fz="lg" style={{ overflowWrap: 'anywhere' }}>
              {report.name}
            </Title>
            <ReportStatusBadge status={report.status} />
          </Group>
          <Text size="sm" c="dimmed">
            {t(`reports.category.${report.category}`)} · {when.format(new Date(report.timestamp))}
          </Text>
          <Text size="sm" aria-live="polite">
            {t('reports.counts', { succeeded, failed })}
          </Text>
          {inProgress && expected !== undefined && expected > 0 && (
            <Progress
              value={Math.min(100, (report.entries.length / expected) * 100)}
              animated
              aria-label={t('reports.progress', { done: report.entries.length, total: expected })}
            />
          )}
        </Stack>
      </Paper>
      {failed > 0 && (
        <SegmentedControl
          transitionDuration={0}
          value={filter}
          onChange={(value) => setFilter(value)}
          data={[
            { value: 'all', label: t('reports.filter.all', { number: report.entries.length }) },
            { value: 'failed', label: t('reports.filter.failed', { number: failed }) },
          ]}
          aria-label={t('reports.filter.label')}
          style={{ alignSelf: 'flex-start' }}
        />
      )}
      {report.entries.length === 0 ? (
        <EmptyNote>{inProgress ? t('reports.waiting') : t('reports.noEntries')}</EmptyNote>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('reports.entries')}>
          {shown.map((entry) => (
            <ReportEntry
              key={entry.id}
              entry={entry}
              time={when.format(new Date(entry.timestamp))}
              reasonShown={report.category === 'bulk_import'}
              recipePath={recipePath}
            />
          ))}
        </Stack>
      )}
      {report.status === 'failure' && report.entries.length === 0 && (
        <Alert color="error" variant="light" icon={<IconAlertTriangle size={18} />}>
          {t('reports.failedEmpty')}
        </Alert>
      )}
    </Stack>
  )
}

function ReportEntry(props: {
  entry: ReportEntryOut
  time: string
  reasonShown: boolean
  recipePath: ((slug: string) => string) | undefined
}) {
  const { entry, time, recipePath } = props
  const { t } = useStrings('reports')
  const [open, setOpen] = useState(false)
  const detailsId = `report-entry-${entry.id}`
  const EntryIcon = entry.success ? IconCircleCheck : IconCircleX
  return (
    <Paper component="li" withBorder radius="sm" p="xs">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <EntryIcon
          size={20}
          color={`var(--mantine-color-${entry.success ? 'success' : 'error'}-filled)`}
          aria-label={entry.success ? t('reports.succeeded') : t('reports.failed')}
          role="img"
          style={{ flexShrink: 0, marginTop: 2 }}
        />
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          {entry.recipeSlug && recipePath ? (
            <Anchor component={Link} to={recipePath(entry.recipeSlug)} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {entry.message}
            </Anchor>
          ) : (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {entry.message}
            </Text>
          )}
          {props.reasonShown && !entry.success && entry.exception !== '' && (
            <Text size="sm" c="error">
              {entry.exception}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {time}
          </Text>
          {entry.exception !== '' && !props.reasonShown && (
            <>
              <Button
                variant="subtle"
                size="compact-xs"
                onClick={() => setOpen((value) => !value)}
                aria-expanded={open}
                aria-controls={detailsId}
                style={{ alignSelf: 'flex-start' }}
              >
                {open ? t('reports.hideDetails') : t('reports.showDetails')}
              </Button>
              <Collapse expanded={open} id={detailsId}>
                <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {entry.exception}
                </Code>
              </Collapse>
            </>
          )}
        </Stack>
      </Group>
    </Paper>
  )
}
