import { Button, Card, Group, Table, Text } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { IconPlus } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { notifySuccess } from '@/components/feedback'
import { LinkRow } from '@/components/LinkRow'
import { EmptyNote, QueryState } from '@/components/QueryState'
import { useAdminCreateGroup, useAdminGroups } from '@/features/admin/api/groups'
import { NameDialog } from './NameDialog'
import { paths } from '@/routes/paths'

/** `/admin/manage/groups`: every group with its household and user counts; create; open one. */
export function GroupsTable() {
  const { t } = useTranslation()
  const groups = useAdminGroups()
  const create = useAdminCreateGroup()
  const [opened, { open, close }] = useDisclosure(false)
  return (
    <Card withBorder radius="lg" padding={0}>
      <Group p="md" justify="space-between">
        <Text size="sm" c="dimmed">
          {t('admin.groups.intro')}
        </Text>
        <Button leftSection={<IconPlus size={16} />} onClick={open}>
          {t('admin.groups.create')}
        </Button>
      </Group>
      <QueryState query={groups}>
        {(list) =>
          list.items.length === 0 ? (
            <EmptyNote>{t('admin.groups.empty')}</EmptyNote>
          ) : (
            <Table highlightOnHover verticalSpacing="sm" layout="fixed">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('admin.name')}</Table.Th>
                  <Table.Th w={110} ta="right">
                    {t('admin.groups.households')}
                  </Table.Th>
                  <Table.Th w={90} ta="right">
                    {t('admin.groups.users')}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.items.map((group) => (
                  <LinkRow key={group.id} to={paths.adminGroup(group.id)}>
                    <Table.Td>
                      <Text fw={600} size="sm" truncate>
                        {group.name}
                      </Text>
                      <Text size="xs" c="dimmed" truncate>
                        {group.slug}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">{group.households?.length ?? 0}</Table.Td>
                    <Table.Td ta="right">{group.users?.length ?? 0}</Table.Td>
                  </LinkRow>
                ))}
              </Table.Tbody>
            </Table>
          )
        }
      </QueryState>
      <NameDialog
        opened={opened}
        title={t('admin.groups.create')}
        label={t('admin.name')}
        submitting={create.isPending}
        onClose={close}
        onSubmit={(name) =>
          create.mutateAsync(name).then((created) => notifySuccess(t('admin.groups.created', { name: created.name })))
        }
      />
    </Card>
  )
}
