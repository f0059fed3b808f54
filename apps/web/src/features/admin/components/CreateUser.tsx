import { Card } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { notifySuccess } from '@/components/feedback'
import { useAdminCreateUser } from '@/features/admin/api/users'
import { adminUserValuesOf, UserForm } from './UserForm'

/** `/admin/manage/users/create`; `onCreated` gets the new user's id. */
export function CreateUser(props: {
  defaultGroup?: string
  defaultHousehold?: string
  onCreated: (id: string) => void
}) {
  const { t } = useTranslation()
  const create = useAdminCreateUser()
  const initial = {
    ...adminUserValuesOf(undefined),
    group: props.defaultGroup ?? '',
    household: props.defaultHousehold ?? '',
  }
  return (
    <Card withBorder radius="lg" padding="lg">
      <UserForm
        mode="create"
        initial={initial}
        submitting={create.isPending}
        onSubmit={(values) =>
          create
            .mutateAsync({
              username: values.username.trim(),
              fullName: values.fullName.trim(),
              email: values.email.trim(),
              password: values.password,
              authMethod: values.authMethod,
              group: values.group,
              household: values.household,
              admin: values.admin,
              advanced: values.advanced,
              canInvite: values.canInvite,
              canManage: values.canManage,
              canManageHousehold: values.canManageHousehold,
              canOrganize: values.canOrganize,
            })
            .then((created) => {
              notifySuccess(t('admin.users.createdNotice', { name: created.username }))
              props.onCreated(created.id)
            })
        }
      />
    </Card>
  )
}
