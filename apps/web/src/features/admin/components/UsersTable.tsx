import type { UserOut } from '@larder/contracts'
import { Badge, Button, Card, Group, Menu, Pagination, Table, Text, TextInput, ActionIcon } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { IconDots, IconLockOpen, IconPlus, IconSearch } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { notifySuccess } from '@/components/feedback'
import { LinkRow } from '@/components/LinkRow'
import { EmptyNote, QueryState } from '@/components/QueryState'
import { useAdminUnlockUsers, useAdminUsers } from '@/features/admin/api/users'
import { paths } from '@/app/paths'
import { authMethodLabel } from './auth-method-label'

function UserRow({ user }: { user: UserOut }) {
  const { t } = useTranslation()
  return (
    <LinkRow to={paths.adminUser(user.id)} data-testid={`admin-user-${user.id}`}>
      <Table.Td>
        <Text fw={600} size="sm" truncate>
          {user.username ?? '—'}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          {user.fullName}
        </Text>
      </Table.Td>
      <Table.Td visibleFrom="sm">
        <Text size="sm" truncate>
          {user.email}
        </Text>
      </Table.Td>
      <Table.Td visibleFrom="md">{user.group}</Table.Td>
      <Table.Td visibleFrom="md">{user.household ?? '—'}</Table.Td>
      <Table.Td visibleFrom="lg">{authMethodLabel(t, user.authMethod)}</Table.Td>
      <Table.Td>
        {user.admin ? (
          <Badge size="sm" variant="light">
            {t('members.admin')}
          </Badge>
        ) : (
          <Badge size="sm" variant="outline" color="gray">
            {t('members.user')}
          </Badge>
        )}
      </Table.Td>
    </LinkRow>
  )
}

/** `/admin/manage/users`: search, page through, open, create; reset locked users from the menu. */
export function UsersTable() {
  const { t } = useTranslation()
  const [search, setSearch] = useState('')
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300)
  const [page, setPage] = useState(1)
  const users = useAdminUsers(debouncedSearch, page)
  const unlock = useAdminUnlockUsers()

  return (
    <Card withBorder radius="lg" padding={0}>
      <Group p="md" gap="xs" wrap="nowrap">
        <TextInput
          aria-label={t('common.search')}
          placeholder={t('admin.users.searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          style={{ flex: 1 }}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value)
            setPage(1)
          }}
        />
        <Button component={Link} to={paths.adminCreateUser} leftSection={<IconPlus size={16} />}>
          {t('admin.users.createShort')}
        </Button>
        <Menu position="bottom-end">
          <Menu.Target>
            <ActionIcon variant="default" size="lg" aria-label={t('common.more')}>
              <IconDots size={18} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item
              leftSection={<IconLockOpen size={16} />}
              onClick={() =>
                unlock.mutate(true, {
                  onSuccess: (result) => notifySuccess(t('admin.users.unlocked', { count: result.unlocked })),
                })
              }
            >
              {t('admin.users.unlockAll')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
      <QueryState query={users}>
        {(list) =>
          list.items.length === 0 ? (
            <EmptyNote>{debouncedSearch ? t('admin.users.noMatch') : t('admin.users.empty')}</EmptyNote>
          ) : (
            <>
              <Table highlightOnHover layout="fixed" verticalSpacing="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('register.username')}</Table.Th>
                    <Table.Th visibleFrom="sm">{t('register.email')}</Table.Th>
                    <Table.Th visibleFrom="md">{t('admin.users.group')}</Table.Th>
                    <Table.Th visibleFrom="md">{t('admin.users.household')}</Table.Th>
                    <Table.Th visibleFrom="lg">{t('admin.users.authMethod')}</Table.Th>
                    <Table.Th w={110}>{t('admin.users.role')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.items.map((user) => (
                    <UserRow key={user.id} user={user} />
                  ))}
                </Table.Tbody>
              </Table>
              {list.total_pages > 1 && (
                <Group justify="center" p="md">
                  <Pagination total={list.total_pages} value={page} onChange={setPage} size="sm" />
                </Group>
              )}
            </>
          )
        }
      </QueryState>
    </Card>
  )
}
