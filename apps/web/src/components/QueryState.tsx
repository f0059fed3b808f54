import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core'
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react'
import type { ReactNode } from 'react'
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
  if (query.isPending) {
    return (
      props.loading ?? (
        <Center py="xl" role="status" aria-busy="true" aria-label={t('common.loading')}>
          <Loader size="sm" />
        </Center>
      )
    )
  }
  if (query.isError || query.data === undefined) {
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
  return <>{props.children(query.data)}</>
}

/** A quiet "nothing here" line for an empty list or table. */
export function EmptyNote({ children }: { children: ReactNode }) {
  return (
    <Text c="dimmed" size="sm" ta="center" py="lg" data-testid="empty-note">
      {children}
    </Text>
  )
}
