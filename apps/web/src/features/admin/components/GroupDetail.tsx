import type { GroupInDB } from '@larder/contracts'
import { Anchor, Button, Card, Code, Group, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core'
import { useForm } from '@mantine/form'
import { IconDeviceFloppy, IconTrash } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { ConfirmButton } from '@/components/ConfirmButton'
import { notifySuccess } from '@/components/feedback'
import { EmptyNote, QueryState } from '@/components/QueryState'
import { useAdminDeleteGroup, useAdminGroup, useAdminUpdateGroup } from '@/features/admin/api/groups'
import { paths } from '@/app/paths'
import { useFieldRules } from '@/components/use-field-rules'

function Detail({ group, onDeleted }: { group: GroupInDB; onDeleted: () => void }) {
  const { t } = useTranslation()
  const rules = useFieldRules()
  const update = useAdminUpdateGroup(group.id)
  const remove = useAdminDeleteGroup()
  const form = useForm({
    initialValues: { name: group.name, privateGroup: group.preferences?.privateGroup ?? true },
    validate: {
      name: rules.name,
    },
  })
  const households = group.households ?? []
  const users = group.users ?? []
  const deletable = users.length === 0
  return (
    <Stack gap="lg">
      <Card withBorder radius="lg" padding="lg">
        <Text size="xs" c="dimmed" mb="md">
          {t('admin.id')}: <Code>{group.id}</Code>
        </Text>
        <form
          noValidate
          onSubmit={form.onSubmit((values) =>
            update.mutate(
              { name: values.name.trim(), privateGroup: values.privateGroup },
              {
                onSuccess: (saved) => {
                  form.setInitialValues({ name: saved.name, privateGroup: saved.preferences?.privateGroup ?? true })
                  form.setValues({ name: saved.name })
                  form.resetDirty()
                  notifySuccess(t('admin.groups.saved'))
                },
              },
            ),
          )}
        >
          <Stack gap="md">
            <TextInput label={t('admin.name')} required {...form.getInputProps('name')} />
            <Switch
              label={t('groupSettings.privateGroup')}
              description={t('groupSettings.privateGroupHint')}
              {...form.getInputProps('privateGroup', { type: 'checkbox' })}
            />
            <Group justify="flex-end">
              <Button
                type="submit"
                loading={update.isPending}
                disabled={!form.isDirty()}
                leftSection={<IconDeviceFloppy size={16} />}
              >
                {t('common.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card withBorder radius="lg" padding="lg">
          <Title order={2} fz="md" mb="sm">
            {t('admin.groups.households')} ({households.length})
          </Title>
          {households.length === 0 ? (
            <EmptyNote>{t('groupSettings.noHouseholds')}</EmptyNote>
          ) : (
            <Stack gap={6}>
              {households.map((household) => (
                <Anchor key={household.id} component={Link} to={paths.adminHousehold(household.id)} size="sm">
                  {household.name}
                </Anchor>
              ))}
            </Stack>
          )}
        </Card>
        <Card withBorder radius="lg" padding="lg">
          <Title order={2} fz="md" mb="sm">
            {t('admin.groups.users')} ({users.length})
          </Title>
          {users.length === 0 ? (
            <EmptyNote>{t('admin.groups.noUsers')}</EmptyNote>
          ) : (
            <Stack gap={6}>
              {users.map((user) => (
                <Anchor key={user.id} component={Link} to={paths.adminUser(user.id)} size="sm">
                  {user.fullName || user.username}
                </Anchor>
              ))}
            </Stack>
          )}
        </Card>
      </SimpleGrid>
      <Card withBorder radius="lg" padding="lg">
        <Title order={2} fz="md" mb="xs">
          {t('admin.dangerZone')}
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          {deletable ? t('admin.groups.deleteText') : t('admin.groups.deleteBlocked')}
        </Text>
        <ConfirmButton
          leftSection={<IconTrash size={16} />}
          disabled={!deletable}
          title={t('admin.groups.deleteTitle')}
          message={t('admin.groups.deleteConfirm', { name: group.name })}
          confirmLabel={t('common.delete')}
          onConfirm={() =>
            remove.mutateAsync(group.id).then(() => {
              notifySuccess(t('admin.groups.deleted', { name: group.name }))
              onDeleted()
            })
          }
        >
          {t('admin.groups.delete')}
        </ConfirmButton>
      </Card>
    </Stack>
  )
}

/** `/admin/manage/groups/:id`: rename, privacy, its households and members; delete once nobody is left. */
export function GroupDetail(props: { id: string; onDeleted: () => void }) {
  const group = useAdminGroup(props.id)
  return <QueryState query={group}>{(loaded) => <Detail group={loaded} onDeleted={props.onDeleted} />}</QueryState>
}
