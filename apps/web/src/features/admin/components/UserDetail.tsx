import type { UserOut } from '@larder/contracts'
import { Button, Card, Code, Group, Stack, Text, Title } from '@mantine/core'
import { IconKey, IconLockOpen, IconTrash } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { ConfirmButton } from '@/components/ConfirmButton'
import { CopyField } from '@/components/CopyField'
import { notifySuccess } from '@/components/feedback'
import { QueryState } from '@/components/QueryState'
import {
  passwordResetLink,
  useAdminDeleteUser,
  useAdminPasswordResetToken,
  useAdminUnlockUsers,
  useAdminUpdateUser,
  useAdminUser,
} from '@/features/admin/api/users'
import { adminUserValuesOf, UserForm, type AdminUserValues } from './UserForm'

function updateBody(user: UserOut, values: AdminUserValues) {
  return {
    id: user.id,
    username: values.username.trim(),
    fullName: values.fullName.trim(),
    email: values.email.trim(),
    authMethod: values.authMethod,
    group: values.group,
    household: values.household,
    admin: values.admin,
    advanced: values.advanced,
    canInvite: values.canInvite,
    canManage: values.canManage,
    canManageHousehold: values.canManageHousehold,
    canOrganize: values.canOrganize,
  }
}

function Detail(props: { user: UserOut; selfId: string; origin: string; onDeleted: () => void }) {
  const { t } = useTranslation()
  const { user } = props
  const update = useAdminUpdateUser(user.id)
  const remove = useAdminDeleteUser()
  const unlock = useAdminUnlockUsers()
  const resetToken = useAdminPasswordResetToken()
  const isSelf = user.id === props.selfId
  return (
    <Stack gap="lg">
      <Card withBorder radius="lg" padding="lg">
        <Group justify="space-between" mb="md" wrap="wrap">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={2} fz="lg" style={{ overflowWrap: 'anywhere' }}>
              {user.fullName || user.username}
            </Title>
            <Text size="xs" c="dimmed">
              {t('admin.id')}: <Code>{user.id}</Code>
            </Text>
          </Stack>
        </Group>
        <UserForm
          key={JSON.stringify(adminUserValuesOf(user))}
          mode="edit"
          isSelf={isSelf}
          initial={adminUserValuesOf(user)}
          submitting={update.isPending}
          onSubmit={(values) =>
            update.mutateAsync(updateBody(user, values)).then(() => notifySuccess(t('admin.users.saved')))
          }
        />
      </Card>
      <Card withBorder radius="lg" padding="lg">
        <Title order={2} fz="md" mb="xs">
          {t('admin.users.accessTitle')}
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          {t('admin.users.accessText')}
        </Text>
        <Group gap="xs">
          <Button
            variant="light"
            leftSection={<IconKey size={16} />}
            loading={resetToken.isPending}
            disabled={user.authMethod === 'LDAP'}
            onClick={() => resetToken.mutate(user.email)}
          >
            {t('admin.users.generateResetLink')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconLockOpen size={16} />}
            loading={unlock.isPending}
            onClick={() =>
              unlock.mutate(true, {
                onSuccess: (result) => notifySuccess(t('admin.users.unlocked', { count: result.unlocked })),
              })
            }
          >
            {t('admin.users.unlockAll')}
          </Button>
        </Group>
        {resetToken.data && (
          <Stack mt="md" gap="xs">
            <CopyField
              label={t('admin.users.resetLink')}
              description={t('admin.users.resetLinkHint')}
              value={passwordResetLink(props.origin, resetToken.data.token)}
              data-testid="reset-link"
            />
          </Stack>
        )}
      </Card>
      <Card withBorder radius="lg" padding="lg" style={{ borderColor: 'var(--mantine-color-error-light-color)' }}>
        <Title order={2} fz="md" mb="xs">
          {t('admin.dangerZone')}
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          {t('admin.users.deleteText')}
        </Text>
        <ConfirmButton
          leftSection={<IconTrash size={16} />}
          title={t('admin.users.deleteTitle')}
          message={
            isSelf ? t('admin.users.deleteSelfWarning') : t('admin.users.deleteConfirm', { name: user.username })
          }
          confirmLabel={t('common.delete')}
          onConfirm={() =>
            remove.mutateAsync(user.id).then(() => {
              notifySuccess(t('admin.users.deleted', { name: user.username }))
              props.onDeleted()
            })
          }
        >
          {t('admin.users.delete')}
        </ConfirmButton>
      </Card>
    </Stack>
  )
}

/** `/admin/manage/users/:id`. */
export function UserDetail(props: { id: string; selfId: string; origin: string; onDeleted: () => void }) {
  const user = useAdminUser(props.id)
  return <QueryState query={user}>{(loaded) => <Detail user={loaded} {...props} />}</QueryState>
}
