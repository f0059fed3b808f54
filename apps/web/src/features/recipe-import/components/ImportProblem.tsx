import { Alert, Anchor, List, Text } from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { ApiError, NetworkError } from '@/api/api-error'
import { useStrings } from '@/i18n/use-strings'

/**
 * Why an import failed, for a person: the server's own sentence (it names the cause: blocked address, not a web page,
 * no recipe found…), a heading per kind of failure, and what to try next.
 */
export function ImportProblem({ error, links }: { error: unknown; links?: ReactNode }) {
  const { t } = useStrings('recipe-import')
  const status = error instanceof ApiError ? error.status : null
  const title =
    status === 408 || status === 504
      ? t('problem.timeout')
      : status === 502
        ? t('problem.unreachable')
        : status === 413
          ? t('problem.tooLarge')
          : status === 415
            ? t('problem.wrongType')
            : status === 403
              ? t('problem.forbidden')
              : error instanceof NetworkError
                ? t('problem.network')
                : t('problem.title')
  const message = error instanceof ApiError || error instanceof NetworkError ? error.message : null
  return (
    <Alert color="error" variant="light" icon={<IconAlertTriangle size={18} />} title={title} role="alert">
      {message && message !== title && (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {error instanceof NetworkError ? t('problem.networkText') : message}
        </Text>
      )}
      {links && (
        <>
          <Text size="sm" mt="xs">
            {t('problem.tryInstead')}
          </Text>
          <List size="sm">{links}</List>
        </>
      )}
    </Alert>
  )
}

/** One "try instead" suggestion: a link to another way of importing. */
export function ProblemLink({ children, to }: { children: ReactNode; to: string }) {
  return (
    <List.Item>
      <Anchor component={Link} size="sm" to={to} underline="always">
        {children}
      </Anchor>
    </List.Item>
  )
}
