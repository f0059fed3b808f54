import { Button, Center, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { IconArrowRight, IconRocket } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Logo } from '../../components/Logo'
import { usePageTitle } from '../../components/use-page-title'
import { useAuth } from '../../features/auth/app-session'

/** First-run welcome for the seeded admin; the full setup wizard arrives with the identity work. */
export default function SetupPage() {
  const { t } = useTranslation()
  const { user } = useAuth()
  usePageTitle(t('pages.adminSetup.title'))
  return (
    <Center mih="100dvh" p="md">
      <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 'xl' }} maw={560} w="100%">
        <Stack gap="md">
          <Logo size={36} />
          <ThemeIcon size={56} radius="xl" variant="light">
            <IconRocket size={30} />
          </ThemeIcon>
          <Title order={1} fz={24}>
            {t('pages.adminSetup.title')}
          </Title>
          <Text c="dimmed">{t('pages.adminSetup.description')}</Text>
          <List spacing="xs" size="sm">
            <List.Item>{t('setup.stepPassword')}</List.Item>
            <List.Item>{t('setup.stepGroup')}</List.Item>
            <List.Item>{t('setup.stepUsers')}</List.Item>
          </List>
          <Button
            component={Link}
            to={user ? `/g/${encodeURIComponent(user.groupSlug)}` : '/'}
            rightSection={<IconArrowRight size={18} />}
            mt="sm"
          >
            {t('setup.continue')}
          </Button>
        </Stack>
      </Paper>
    </Center>
  )
}
