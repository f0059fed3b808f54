import '@/components/styles'
import { Anchor, Card, Group, SimpleGrid, Stack, Title } from '@mantine/core'
import { IconArrowLeft, IconUserEdit } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { PageHeader } from '@/components/PageHeader'
import { usePageTitle } from '@/components/use-page-title'
import { useAuth } from '@/features/auth/app-session'
import { AvatarUpload } from '@/features/users/components/AvatarUpload'
import { ChangePasswordForm } from '@/features/users/components/ChangePasswordForm'
import { ProfileForm } from '@/features/users/components/ProfileForm'
import { paths } from '@/app/paths'

export default function ProfileEditPage() {
  const { t } = useTranslation()
  const { user } = useAuth()
  usePageTitle(t('pages.profileEdit.title'))
  if (!user) return null
  return (
    <>
      <PageHeader
        title={t('pages.profileEdit.title')}
        description={t('pages.profileEdit.description')}
        icon={IconUserEdit}
      />
      <Stack gap="lg">
        <Card withBorder radius="lg" padding="lg">
          <Title order={2} fz="md" mb="md">
            {t('profileEdit.avatar')}
          </Title>
          <AvatarUpload user={user} />
        </Card>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Card withBorder radius="lg" padding="lg">
            <Title order={2} fz="md" mb="md">
              {t('profileEdit.personal')}
            </Title>
            {/* Keyed by the saved values so the form starts over from what the server now holds. */}
            <ProfileForm key={`${user.id}:${user.email}:${user.username}`} user={user} />
          </Card>
          <Card withBorder radius="lg" padding="lg">
            <Title order={2} fz="md" mb="md">
              {t('profileEdit.password')}
            </Title>
            <ChangePasswordForm user={user} />
          </Card>
        </SimpleGrid>
        <Group>
          <Anchor component={Link} to={paths.profile} size="sm">
            <Group gap={4}>
              <IconArrowLeft size={14} />
              {t('profileEdit.backToProfile')}
            </Group>
          </Anchor>
        </Group>
      </Stack>
    </>
  )
}
