import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core'
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react'
import { useDeferredValue, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

export interface QueryLike<Data> {
  data: Data | undefined
  isPending: boolean
  isError: boolean
  error: unknown
  refetch: () => unknown
}

/** Loading, failure (with "try again") or the content for one query's data. */
export function QueryState<Data>(props: {
  query: QueryLike<Data>
  children: (data: Data) => ReactNode
  loading?: ReactNode
}) {
  const { t } = useTranslation()
  const { query } = props
  // The content is rendered from a deferred copy of the data: data arriving from the server is a synchronous render
  // (TanStack Query's store), and a large page built in it is one long task; deferred, React builds it in slices
  // that leave the main thread free in between (Lighthouse's total blocking time, docs/budgets.md "Web budgets"), the loading state
  // staying on screen meanwhile.
  const data = useDeferredValue(query.data)
  if (query.isPending || (data === undefined && query.data !== undefined)) {
    return (
      props.loading ?? (
        <Center py="xl" role="status" aria-busy="true" aria-label={t('common.loading')}>
          <Loader size="sm" />
        </Center>
      )
    )
  }
  if (query.isError || data === undefined) {
    const message = query.error instanceof Error ? query.error.message : undefined
    return (
      <Alert color="error" variant="light" icon={<IconAlertTriangle size={18} />} title={t('common.loadFailed')}>
        <Stack gap="xs" align="flex-start">
          {message && <Text size="sm">{message}</Text>}
          <Button size="xs" variant="default" leftSection={<IconRefresh size={14} />} onClick={() => query.refetch()}>
            {t('common.retry')}
          </Button>
        </Stack>
      </Alert>
    )
  }
  return <>{props.children(data)}</>
}

/** A quiet "nothing here" line for an empty list or table. */
export function EmptyNote({ children }: { children: ReactNode }) {
  return (
    <Text c="dimmed" size="sm" ta="center" py="lg" data-testid="empty-note">
      {children}
    </Text>
  )
}
