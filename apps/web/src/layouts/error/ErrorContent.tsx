import { Button, Center, Group, Stack, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Logo } from '@/components/Logo'
import { usePageTitle } from '@/components/use-page-title'

/** The body of both error pages: the status message, a short explanation and a way home. */
export function ErrorContent(props: { kind: 'not-found' | 'server-error'; path?: string }) {
  const { t } = useTranslation()
  const notFound = props.kind === 'not-found'
  const message = notFound ? t('errors.pageNotFound', { path: props.path ?? '' }) : t('errors.internalServerError')
  usePageTitle(notFound ? t('errors.pageNotFoundTitle') : t('errors.internalServerError'))
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="lg" ta="center" maw={560}>
        <Logo size={36} />
        <Stack gap={6} align="center">
          <Text fz={72} fw={800} lh={1} c={notFound ? 'primary' : 'error'} style={{ letterSpacing: '-0.04em' }}>
            {notFound ? 404 : 500}
          </Text>
          <Title order={1} fz={{ base: 20, sm: 24 }} data-testid="error-message" style={{ wordBreak: 'break-word' }}>
            {message}
          </Title>
          <Text c="dimmed">{notFound ? t('errors.notFoundHint') : t('errors.serverErrorHint')}</Text>
        </Stack>
        <Group>
          <Button component="a" href="/">
            {t('errors.goHome')}
          </Button>
          {!notFound && (
            <Button variant="default" onClick={() => window.location.reload()}>
              {t('errors.reload')}
            </Button>
          )}
        </Group>
      </Stack>
    </Center>
  )
}
