import { Box, Center, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate, useLocation, useSearchParams } from 'react-router'
import { FullPageLoader } from '@/components/FullPageLoader'
import { Logo } from '@/components/Logo'
import { usePageTitle } from '@/components/use-page-title'
import { session, useAuth } from '@/features/auth/app-session'
import { LoginForm } from '@/features/auth/LoginForm'
import { useOAuthCallback } from '@/features/auth/use-oauth-callback'
import { LanguageSelect } from '@/i18n/LanguageSelect'
import { useSignedInDestination } from '@/routes/EntryRedirects'
import { ThemeToggle } from '@/theme/ThemeToggle'

export default function LoginPage() {
  const { t, i18n } = useTranslation()
  const { search } = useLocation()
  const [searchParams] = useSearchParams()
  const { status } = useAuth()
  const oauth = useOAuthCallback(search)
  useEffect(() => {
    void session.ensureLoaded()
  }, [])
  // Someone already signed in (or just back from the identity provider) goes on to where they were headed.
  const destination = useSignedInDestination(searchParams.get('redirect'))
  usePageTitle(t('login.title'))
  if (oauth === 'pending') return <FullPageLoader />
  if (status === 'authenticated') return destination ? <Navigate to={destination} replace /> : <FullPageLoader />
  return (
    <Box
      mih="100dvh"
      style={{
        // The glow sits in the corner where reading starts: top left, or top right in a right-to-left language.
        background: `radial-gradient(1200px 600px at ${i18n.dir() === 'rtl' ? '90%' : '10%'} -10%, var(--mantine-color-primary-light), transparent 60%), var(--mantine-color-body)`,
      }}
    >
      <Group justify="flex-end" p="sm" gap="xs">
        <LanguageSelect />
        <ThemeToggle />
      </Group>
      <Center px="md" pb="xl" mih="calc(100dvh - 64px)">
        <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={420}>
          <Stack gap="lg">
            <Stack gap={6} align="center" ta="center">
              <Logo size={40} />
              <Title order={1} fz={22} mt="sm">
                {t('login.title')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('login.subtitle')}
              </Text>
            </Stack>
            <LoginForm oauthFailed={oauth === 'failed'} />
          </Stack>
        </Paper>
      </Center>
    </Box>
  )
}
