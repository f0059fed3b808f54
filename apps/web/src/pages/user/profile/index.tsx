import { Avatar, Badge, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core'
import { IconApi, IconHeart, IconUserCircle, IconUserEdit } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { PageHeader } from '../../../components/PageHeader'
import { usePageTitle } from '../../../components/use-page-title'
import { useAuth } from '../../../features/auth/app-session'

/** Who the signed-in user is, where they belong and what they may do (from GET /api/users/self). */
export default function ProfilePage() {
  const { t } = useTranslation()
  const { user } = useAuth()
  usePageTitle(t('pages.profile.title'))
  if (!user) return null
  const name = user.fullName || user.username || user.email
  const permissions = [
    { key: 'admin', granted: user.admin },
    { key: 'advanced', granted: user.advanced },
    { key: 'canManage', granted: user.canManage },
    { key: 'canManageHousehold', granted: user.canManageHousehold },
    { key: 'canInvite', granted: user.canInvite },
    { key: 'canOrganize', granted: user.canOrganize },
  ]
  return (
    <>
      <PageHeader title={t('pages.profile.title')} description={t('pages.profile.description')} icon={IconUserCircle} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card withBorder radius="lg" padding="lg">
          <Group wrap="nowrap">
            <Avatar size={64} radius="xl" color="primary">
              {name.slice(0, 1).toUpperCase()}
            </Avatar>
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Title order={2} fz="lg" style={{ overflowWrap: 'anywhere' }}>
                {name}
              </Title>
              <Text c="dimmed" size="sm" truncate>
                {user.email}
              </Text>
            </Stack>
          </Group>
          <Table mt="md" variant="vertical" layout="fixed">
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w={140}>{t('profile.group')}</Table.Th>
                <Table.Td>{user.group}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('profile.household')}</Table.Th>
                <Table.Td>{user.household ?? '—'}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          <Group mt="md" gap="xs">
            <Button component={Link} to="/user/profile/edit" variant="light" leftSection={<IconUserEdit size={16} />}>
              {t('pages.profileEdit.title')}
            </Button>
            <Button
              component={Link}
              to={`/user/${user.id}/favorites`}
              variant="default"
              leftSection={<IconHeart size={16} />}
            >
              {t('pages.favorites.title')}
            </Button>
            {user.advanced && (
              <Button
                component={Link}
                to="/user/profile/api-tokens"
                variant="default"
                leftSection={<IconApi size={16} />}
              >
                {t('pages.apiTokens.title')}
              </Button>
            )}
          </Group>
        </Card>
        <Card withBorder radius="lg" padding="lg">
          <Title order={2} fz="md" mb="sm">
            {t('profile.permissions')}
          </Title>
          <Group gap="xs">
            {permissions.map((permission) => (
              <Badge
                key={permission.key}
                variant={permission.granted ? 'light' : 'outline'}
                color={permission.granted ? 'success' : 'gray'}
              >
                {t(`profile.permission.${permission.key}`)}
              </Badge>
            ))}
          </Group>
        </Card>
      </SimpleGrid>
    </>
  )
}
