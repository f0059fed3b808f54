import { Badge, Button, Card, Group, NativeSelect, Table, Text } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { IconPlus } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { notifySuccess } from '@/components/feedback'
import { LinkRow } from '@/components/LinkRow'
import { EmptyNote, QueryState } from '@/components/QueryState'
import { useAdminGroups } from '@/features/admin/api/groups'
import { useAdminCreateHousehold, useAdminHouseholds } from '@/features/admin/api/households'
import { NameDialog } from './NameDialog'
import { paths } from '@/routes/paths'

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
    <Card withBorder radius="lg" padding={0}>
      <Group p="md" justify="space-between">
        <Text size="sm" c="dimmed">
          {t('admin.households.intro')}
        </Text>
        <Button leftSection={<IconPlus size={16} />} onClick={open}>
          {t('admin.households.create')}
        </Button>
      </Group>
      <QueryState query={households}>
        {(list) =>
          list.items.length === 0 ? (
            <EmptyNote>{t('admin.households.empty')}</EmptyNote>
          ) : (
            <Table highlightOnHover verticalSpacing="sm" layout="fixed">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('admin.name')}</Table.Th>
                  <Table.Th visibleFrom="xs">{t('admin.users.group')}</Table.Th>
                  <Table.Th w={80} ta="right">
                    {t('admin.groups.users')}
                  </Table.Th>
                  <Table.Th w={100} visibleFrom="sm">
                    {t('admin.households.webhooks')}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.items.map((household) => (
                  <LinkRow key={household.id} to={paths.adminHousehold(household.id)}>
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
                  </LinkRow>
                ))}
              </Table.Tbody>
            </Table>
          )
        }
      </QueryState>
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
    </Card>
  )
}
