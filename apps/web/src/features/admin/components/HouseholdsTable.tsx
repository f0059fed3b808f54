import { Badge, NativeSelect, Table, Text } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { notifySuccess } from '@/components/feedback'
import { useAdminGroups } from '@/features/admin/api/groups'
import { useAdminCreateHousehold, useAdminHouseholds } from '@/features/admin/api/households'
import { paths } from '@/app/paths'
import { AdminListCard } from './AdminListCard'
import { NameDialog } from './NameDialog'

/** `/admin/manage/households`: every household with its group and user count; create one in a group. */
export function HouseholdsTable() {
  const { t } = useTranslation()
  const households = useAdminHouseholds()
  const groups = useAdminGroups()
  const create = useAdminCreateHousehold()
  const [opened, { open, close }] = useDisclosure(false)
  const [groupId, setGroupId] = useState('')
  const groupList = groups.data?.items ?? []
  const chosenGroupId = groupId || groupList[0]?.id || ''
  return (
    <AdminListCard
      intro={t('admin.households.intro')}
      createLabel={t('admin.households.create')}
      onCreate={open}
      empty={t('admin.households.empty')}
      query={households}
      head={
        <>
          <Table.Th>{t('admin.name')}</Table.Th>
          <Table.Th visibleFrom="xs">{t('admin.users.group')}</Table.Th>
          <Table.Th w={80} ta="right">
            {t('admin.groups.users')}
          </Table.Th>
          <Table.Th w={100} visibleFrom="sm">
            {t('admin.households.webhooks')}
          </Table.Th>
        </>
      }
      linkTo={(household) => paths.adminHousehold(household.id)}
      cells={(household) => (
        <>
          <Table.Td>
            <Text fw={600} size="sm" truncate>
              {household.name}
            </Text>
            <Text size="xs" c="dimmed" truncate hiddenFrom="xs">
              {household.group}
            </Text>
          </Table.Td>
          <Table.Td visibleFrom="xs">
            <Text size="sm" truncate>
              {household.group}
            </Text>
          </Table.Td>
          <Table.Td ta="right">{household.users.length}</Table.Td>
          <Table.Td visibleFrom="sm">
            <Badge size="sm" variant="light" color={household.webhooks.length > 0 ? 'success' : 'gray'}>
              {household.webhooks.length > 0 ? t('common.yes') : t('common.no')}
            </Badge>
          </Table.Td>
        </>
      )}
      dialog={
        <NameDialog
          opened={opened}
          title={t('admin.households.create')}
          label={t('admin.name')}
          submitting={create.isPending}
          canSubmit={chosenGroupId !== ''}
          onClose={close}
          extra={
            <NativeSelect
              label={t('admin.users.group')}
              required
              value={chosenGroupId}
              data={groupList.map((group) => ({ value: group.id, label: group.name }))}
              onChange={(event) => setGroupId(event.currentTarget.value)}
            />
          }
          onSubmit={(name) =>
            create
              .mutateAsync({ groupId: chosenGroupId, name })
              .then((created) => notifySuccess(t('admin.households.created', { name: created.name })))
          }
        />
      }
    />
  )
}
