import '@/components/styles'
import { Center, Paper, Stack, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Logo } from '@/components/Logo'
import { usePageTitle } from '@/components/use-page-title'
import { SetupWizard } from '@/features/admin/components/SetupWizard'
import { useAuth } from '@/features/auth/app-session'
import { useGroupPreferences } from '@/features/groups/api/group'
import { QueryState } from '@/components/QueryState'

/** First run: the seeded administrator replaces their sign-in and names the group. */
export default function SetupPage() {
  const { t } = useTranslation()
  const { user } = useAuth()
  const preferences = useGroupPreferences()
  usePageTitle(t('pages.adminSetup.title'))
  return (
    <Center mih="100dvh" p={{ base: 'xs', sm: 'md' }}>
      <Paper withBorder shadow="md" radius="lg" p={{ base: 'md', sm: 'xl' }} maw={720} w="100%">
        <Stack gap="lg">
          <Stack gap={4}>
            <Logo size={32} />
            <Title order={1} fz={24} mt="sm">
              {t('pages.adminSetup.title')}
            </Title>
            <Text c="dimmed" size="sm">
              {t('pages.adminSetup.description')}
            </Text>
          </Stack>
          {user && (
            <QueryState query={preferences}>
              {(saved) => <SetupWizard admin={user} groupPrivate={saved.privateGroup} />}
            </QueryState>
          )}
        </Stack>
      </Paper>
    </Center>
  )
}
