import { Table, Text } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { useTranslation } from 'react-i18next'
import { notifySuccess } from '@/components/feedback'
import { useAdminCreateGroup, useAdminGroups } from '@/features/admin/api/groups'
import { paths } from '@/app/paths'
import { AdminListCard } from './AdminListCard'
import { NameDialog } from './NameDialog'

/** `/admin/manage/groups`: every group with its household and user counts; create; open one. */
export function GroupsTable() {
  const { t } = useTranslation()
  const groups = useAdminGroups()
  const create = useAdminCreateGroup()
  const [opened, { open, close }] = useDisclosure(false)
  return (
    <AdminListCard
      intro={t('admin.groups.intro')}
      createLabel={t('admin.groups.create')}
      onCreate={open}
      empty={t('admin.groups.empty')}
      query={groups}
      head={
        <>
          <Table.Th>{t('admin.name')}</Table.Th>
          <Table.Th w={110} ta="right">
            {t('admin.groups.households')}
          </Table.Th>
          <Table.Th w={90} ta="right">
            {t('admin.groups.users')}
          </Table.Th>
        </>
      }
      linkTo={(group) => paths.adminGroup(group.id)}
      cells={(group) => (
        <>
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
        </>
      )}
      dialog={
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
      }
    />
  )
}
