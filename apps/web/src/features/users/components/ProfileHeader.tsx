import type { UserOut } from '@larder/contracts'
import { Avatar, Badge, Card, Group, Stack, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { avatarUrl } from '@/features/users/api/profile'

export function displayNameOf(user: Pick<UserOut, 'fullName' | 'username' | 'email'>): string {
  return user.fullName || user.username || user.email
}

/** Welcome card: picture, name, where the person belongs and what they may do. */
export function ProfileHeader({ user }: { user: UserOut }) {
  const { t } = useTranslation()
  const name = displayNameOf(user)
  const granted = (
    ['admin', 'advanced', 'canManage', 'canManageHousehold', 'canInvite', 'canOrganize'] as const
  ).filter((flag) => user[flag])
  return (
    <Card withBorder radius="lg" padding="lg">
      <Group wrap="nowrap" gap="lg" align="center">
        <Avatar src={avatarUrl(user)} size={80} radius={80} color="primary" alt="">
          {name.slice(0, 1).toUpperCase()}
        </Avatar>
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text size="sm" c="dimmed">
            {t('profile.welcome')}
          </Text>
          <Title order={2} fz={{ base: 'lg', sm: 'xl' }} style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Title>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {t('profile.memberOf', { household: user.household ?? '—', group: user.group })}
          </Text>
        </Stack>
      </Group>
      {granted.length > 0 && (
        <Group gap={6} mt="md">
          {granted.map((flag) => (
            <Badge key={flag} variant="light" color="primary" size="sm">
              {t(`profile.permission.${flag}`)}
            </Badge>
          ))}
        </Group>
      )}
    </Card>
  )
}
