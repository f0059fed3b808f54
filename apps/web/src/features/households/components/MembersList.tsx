import type { UserOut } from '@larder/contracts'
import { Alert, Avatar, Badge, Group, Paper, SimpleGrid, Stack, Switch, Text } from '@mantine/core'
import { IconInfoCircle } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { EmptyNote, QueryState } from '@/components/QueryState'
import {
  memberPermissions,
  useHouseholdMembers,
  useSetMemberPermission,
  type MemberPermission,
} from '@/features/households/api/household'

function initialsOf(member: UserOut): string {
  return (member.fullName || member.username || member.email).slice(0, 1).toUpperCase()
}

function MemberCard(props: { member: UserOut; editable: boolean; isSelf: boolean; avatar: string }) {
  const { t } = useTranslation()
  const setPermission = useSetMemberPermission()
  const { member } = props
  const pending = setPermission.isPending ? setPermission.variables.permission : undefined
  const name = member.fullName || member.username || member.email
  const locked = !props.editable || props.isSelf || member.admin
  return (
    <Paper withBorder radius="lg" p="md" role="listitem" aria-label={name} data-testid={`member-${member.id}`}>
      <Group wrap="nowrap" justify="space-between" align="flex-start">
        <Group wrap="nowrap" gap="sm" style={{ minWidth: 0 }}>
          <Avatar src={props.avatar} radius="xl" color="primary" alt="">
            {initialsOf(member)}
          </Avatar>
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={600} truncate>
              {name}
              {props.isSelf && (
                <Text span c="dimmed" size="sm" fw={400}>
                  {' '}
                  ({t('members.you')})
                </Text>
              )}
            </Text>
            <Text size="sm" c="dimmed" truncate>
              @{member.username ?? '—'}
            </Text>
          </Stack>
        </Group>
        <Badge variant="light" color={member.admin ? 'primary' : 'gray'} style={{ flexShrink: 0 }}>
          {member.admin ? t('members.admin') : t('members.user')}
        </Badge>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" mt="md">
        {memberPermissions.map((permission: MemberPermission) => (
          <Switch
            key={permission}
            size="sm"
            label={t(`profile.permission.${permission}`)}
            checked={member[permission]}
            disabled={locked || setPermission.isPending}
            aria-busy={pending === permission || undefined}
            onChange={(event) => setPermission.mutate({ member, permission, granted: event.currentTarget.checked })}
          />
        ))}
      </SimpleGrid>
    </Paper>
  )
}

/**
 * `/household/members`: everyone in the caller's household with their four permission switches, saved at once.
 * Nobody changes their own flags here, and administrators keep all of theirs (docs/web.md "Mealie's screens").
 */
export function MembersList(props: { self: UserOut; avatarOf: (member: UserOut) => string }) {
  const { t } = useTranslation()
  const members = useHouseholdMembers()
  const editable = props.self.canManage
  return (
    <Stack gap="md">
      {!editable && (
        <Alert variant="light" color="info" icon={<IconInfoCircle size={18} />}>
          {t('members.readOnly')}
        </Alert>
      )}
      <QueryState query={members}>
        {(list) =>
          list.items.length === 0 ? (
            <EmptyNote>{t('members.empty')}</EmptyNote>
          ) : (
            <Stack gap="sm" role="list" aria-label={t('pages.members.title')}>
              {list.items.map((member) => (
                <MemberCard
                  key={member.id}
                  member={member}
                  editable={editable}
                  isSelf={member.id === props.self.id}
                  avatar={props.avatarOf(member)}
                />
              ))}
            </Stack>
          )
        }
      </QueryState>
    </Stack>
  )
}
