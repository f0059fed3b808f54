import { ActionIcon, Button, Group, Modal, Paper, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { IconClipboardList, IconPlus, IconTrash, IconUpload } from '@tabler/icons-react'
import { useState } from 'react'
import { ApiError } from '@/api/api-error'
import { QueryState } from '@/components/QueryState'
import { useStrings } from '@/i18n/use-strings'
import { OrganizerSelect } from '@/features/recipe-editor'
import type { OrganizerChoice } from '@/features/recipe-editor/api/organizers'
import { ReportView, useReport } from '@/features/reports'
import { useBulkImport } from '@/features/recipe-import/api/bulk-import'
import { urlInSharedText } from '@/features/recipe-import/shared-url'
import { ImportProblem } from './ImportProblem'

interface BulkRow {
  key: string
  url: string
  tags: OrganizerChoice[]
  categories: OrganizerChoice[]
}

let rowCount = 0
const newRow = (url = ''): BulkRow => ({ key: `row-${++rowCount}`, url, tags: [], categories: [] })

/** Lines of pasted text that hold something, each reduced to the address inside it. */
function linesOf(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => urlInSharedText(line))
    .filter((line) => line !== '')
}

/**
 * Many pages at once: one row per address with its tags and categories, sent as one bulk import that runs in the
 * background; its report fills in below as each page is imported.
 */
export function BulkImport({
  canOrganize,
  recipePath,
}: {
  canOrganize: boolean
  recipePath: (slug: string) => string
}) {
  const { t } = useStrings('recipe-import')
  const [rows, setRows] = useState<BulkRow[]>(() => [newRow()])
  const [rowErrors, setRowErrors] = useState<Record<string, string>>({})
  const [pasting, { open: openPaste, close: closePaste }] = useDisclosure(false)
  const [clearing, { open: openClear, close: closeClear }] = useDisclosure(false)
  const [started, setStarted] = useState<{ reportId: string; expected: number } | null>(null)
  const bulkImport = useBulkImport()
  const report = useReport(started?.reportId ?? null)

  const update = (key: string, change: Partial<BulkRow>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)))
  const filled = rows.filter((row) => row.url.trim() !== '')

  function submit(event: React.FormEvent) {
    event.preventDefault()
    if (filled.length === 0) return setRowErrors({ [rows[0]?.key ?? '']: t('bulk.required') })
    setRowErrors({})
    const reference = ({ id, name, slug }: OrganizerChoice) => ({ id, name, slug })
    bulkImport.mutate(
      {
        imports: filled.map((row) => ({
          url: urlInSharedText(row.url),
          tags: row.tags.map(reference),
          categories: row.categories.map(reference),
        })),
      },
      {
        onSuccess: (reportId) => {
          setStarted({ reportId, expected: filled.length })
          setRows([newRow()])
        },
      },
    )
  }

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <form noValidate onSubmit={submit}>
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {t('bulk.intro')}
            </Text>
            <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
              {rows.map((row, index) => (
                <Paper component="li" key={row.key} withBorder radius="sm" p="sm">
                  <Stack gap="xs">
                    <Group gap="xs" wrap="nowrap" align="flex-end">
                      <TextInput
                        style={{ flex: 1 }}
                        label={t('bulk.urlLabel', { number: index + 1 })}
                        placeholder="https://"
                        type="url"
                        inputMode="url"
                        value={row.url}
                        error={rowErrors[row.key]}
                        onChange={(event) => update(row.key, { url: event.currentTarget.value })}
                      />
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        size="lg"
                        mb={rowErrors[row.key] ? 22 : 0}
                        aria-label={t('bulk.removeRow', { number: index + 1 })}
                        disabled={rows.length === 1 && row.url === ''}
                        onClick={() =>
                          setRows((current) =>
                            current.length === 1 ? [newRow()] : current.filter((other) => other.key !== row.key),
                          )
                        }
                      >
                        <IconTrash size={18} />
                      </ActionIcon>
                    </Group>
                    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
                      <OrganizerSelect
                        kind="categories"
                        label={t('bulk.categories')}
                        value={row.categories}
                        onChange={(categories) => update(row.key, { categories })}
                        canCreate={canOrganize}
                      />
                      <OrganizerSelect
                        kind="tags"
                        label={t('bulk.tags')}
                        value={row.tags}
                        onChange={(tags) => update(row.key, { tags })}
                        canCreate={canOrganize}
                      />
                    </SimpleGrid>
                  </Stack>
                </Paper>
              ))}
            </Stack>
            <Group gap="xs">
              <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setRows([...rows, newRow()])}>
                {t('bulk.addRow')}
              </Button>
              <Button variant="default" leftSection={<IconClipboardList size={16} />} onClick={openPaste}>
                {t('bulk.paste')}
              </Button>
              <Button variant="default" color="error" onClick={openClear} disabled={filled.length === 0}>
                {t('bulk.clear')}
              </Button>
            </Group>
            {bulkImport.isError && <ImportProblem error={bulkImport.error} />}
            <Button
              type="submit"
              loading={bulkImport.isPending}
              leftSection={<IconUpload size={16} />}
              style={{ alignSelf: 'flex-start' }}
            >
              {t('bulk.submit')}
            </Button>
          </Stack>
        </form>
      </Paper>
      {started && (
        <Stack gap="xs" component="section" aria-label={t('bulk.progressLabel')}>
          <QueryState query={report}>
            {(data) => <ReportView report={data} expected={started.expected} recipePath={recipePath} />}
          </QueryState>
          {report.error instanceof ApiError && report.error.status === 404 && (
            <Text size="sm" c="dimmed">
              {t('bulk.reportGone')}
            </Text>
          )}
        </Stack>
      )}
      <PasteDialog
        opened={pasting}
        onClose={closePaste}
        onAdd={(lines) => {
          const kept = rows.filter((row) => row.url.trim() !== '' || row.tags.length || row.categories.length)
          setRows([...kept, ...lines.map((line) => newRow(line))])
          closePaste()
        }}
      />
      <Modal
        opened={clearing}
        onClose={closeClear}
        title={t('bulk.clearTitle')}
        centered
        radius="lg"
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Stack gap="lg">
          <Text size="sm">{t('bulk.clearText')}</Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={closeClear} data-autofocus>
              {t('common.cancel')}
            </Button>
            <Button
              color="error"
              onClick={() => {
                setRows([newRow()])
                closeClear()
              }}
            >
              {t('bulk.clear')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  )
}

function PasteDialog(props: { opened: boolean; onClose: () => void; onAdd: (lines: string[]) => void }) {
  const { t } = useStrings('recipe-import')
  const [text, setText] = useState('')
  const lines = linesOf(text)
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={t('bulk.pasteTitle')}
      centered
      radius="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md">
        <Textarea
          label={t('bulk.pasteLabel')}
          description={t('bulk.pasteHint')}
          autosize
          minRows={6}
          maxRows={14}
          data-autofocus
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
        />
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
            {t('bulk.pasteAdd', { number: lines.length })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
