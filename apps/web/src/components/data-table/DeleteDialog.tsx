import { Alert, Button, List, Progress, Stack, Text } from '@mantine/core'
import { useState, type ReactNode } from 'react'
import { DialogActions, DialogShell } from '@/components/DialogShell'
import { useStrings } from '@/i18n/use-strings'

/** How many names the dialog lists before it says "and N more". */
const listedNames = 5

/**
 * Asks before deleting one or more rows, then deletes them one request at a time with a progress bar. It stops at
 * the first failure (the HTTP client has shown the server's message) and says how many were deleted; it closes
 * only when every row is gone.
 */
export function DeleteDialog<Item>(props: {
  items: Item[] | null
  nameOf: (item: Item) => string
  deleteItem: (item: Item) => Promise<unknown>
  /** Replaces the standard question (one row names it). */
  message?: ReactNode
  /** What deleting does to the rest of the data, after the question. */
  note?: ReactNode
  title?: string
  onClose: () => void
  /** Called after the run with the rows that were deleted (all of them, or those before a failure). */
  onDeleted?: (deleted: Item[]) => void
}) {
  const { t } = useStrings('organize')
  const [done, setDone] = useState(0)
  const [running, setRunning] = useState(false)
  const [failed, setFailed] = useState(false)
  const items = props.items ?? []

  const close = () => {
    if (running) return
    setDone(0)
    setFailed(false)
    props.onClose()
  }

  async function run() {
    setRunning(true)
    setFailed(false)
    setDone(0)
    const deleted: Item[] = []
    try {
      for (const item of items) {
        await props.deleteItem(item)
        deleted.push(item)
        setDone(deleted.length)
      }
    } catch {
      setFailed(true)
    } finally {
      setRunning(false)
      props.onDeleted?.(deleted)
    }
    if (deleted.length === items.length) {
      setDone(0)
      props.onClose()
    }
  }

  const names = items.slice(0, listedNames).map(props.nameOf)
  return (
    <DialogShell
      opened={props.items !== null}
      onClose={close}
      title={props.title ?? t('table.deleteTitle')}
      busy={running}
    >
      <Stack gap="md">
        <Text size="sm">{props.message ?? t('table.deleteMessage', { number: items.length })}</Text>
        {props.note && <Text size="sm">{props.note}</Text>}
        {items.length > 1 && (
          <List size="sm" spacing={2}>
            {names.map((name, index) => (
              <List.Item key={`${index}-${name}`}>{name}</List.Item>
            ))}
            {items.length > listedNames && (
              <List.Item>{t('table.andMore', { number: items.length - listedNames })}</List.Item>
            )}
          </List>
        )}
        {(running || done > 0) && items.length > 1 && (
          <Stack gap={4}>
            <Progress
              value={(done / items.length) * 100}
              aria-label={t('table.deleteProgress', { done, total: items.length })}
            />
            <Text size="xs" c="dimmed" aria-live="polite">
              {t('table.deleteProgress', { done, total: items.length })}
            </Text>
          </Stack>
        )}
        {failed && (
          <Alert color="error" variant="light" role="alert">
            {t('table.deleteStopped', { done, total: items.length })}
          </Alert>
        )}
        <DialogActions onCancel={close} cancelDisabled={running}>
          <Button color="error" loading={running} onClick={() => void run()} data-testid="confirm-delete">
            {t('common.delete')}
          </Button>
        </DialogActions>
      </Stack>
    </DialogShell>
  )
}
