import '@/components/styles'
import { Center, Paper, Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Logo } from '@/components/Logo'
import { usePageTitle } from '@/components/use-page-title'
import { SetupWizard } from '@/features/admin/components/SetupWizard'
import { useAuth } from '@/features/auth/app-session'
import { useGroupPreferences } from '@/features/groups/api/group'
import { QueryState } from '@/components/QueryState'
import { startupInfoQuery } from '@/api/app-queries'

/**
 * First run: the seeded administrator replaces their sign-in and names the group. Setup counts as done once the
 * seeded administrator is gone (the startup info's isFirstLogin, docs/mealie-compatibility.md "App info"); an admin who comes back then is
 * not welcomed as on a first run.
 */
export default function SetupPage() {
  const { t } = useTranslation()
  const { user } = useAuth()
  const preferences = useGroupPreferences()
  const startup = useQuery(startupInfoQuery)
  const done = startup.data?.isFirstLogin === false
  const title = done ? t('pages.adminSetup.doneTitle') : t('pages.adminSetup.title')
  usePageTitle(title)
  return (
    <Center mih="100dvh" p={{ base: 'xs', sm: 'md' }}>
      <Paper withBorder shadow="md" radius="lg" p={{ base: 'md', sm: 'xl' }} maw={720} w="100%">
        <Stack gap="lg">
          <Stack gap={4}>
            <Logo size={32} />
            <Title order={1} fz={24} mt="sm">
              {title}
            </Title>
            <Text c="dimmed" size="sm">
              {done ? t('pages.adminSetup.doneDescription') : t('pages.adminSetup.description')}
            </Text>
          </Stack>
          {user && (
            <QueryState query={preferences}>
              {(saved) => <SetupWizard admin={user} groupPrivate={saved.privateGroup} setupDone={done} />}
            </QueryState>
          )}
        </Stack>
      </Paper>
    </Center>
  )
}
