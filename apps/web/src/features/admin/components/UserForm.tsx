import { authMethods, type UserOut } from '@larder/contracts'
import { Button, Group, NativeSelect, PasswordInput, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { IconDeviceFloppy } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { useAdminGroups } from '@/features/admin/api/groups'
import { useAdminHouseholds } from '@/features/admin/api/households'
import { useFieldRules } from '@/components/use-field-rules'
import { authMethodLabel } from './auth-method-label'

export interface AdminUserValues {
  username: string
  fullName: string
  email: string
  password: string
  authMethod: (typeof authMethods)[number]
  group: string
  household: string
  admin: boolean
  advanced: boolean
  canInvite: boolean
  canManage: boolean
  canManageHousehold: boolean
  canOrganize: boolean
}

const flags = ['admin', 'advanced', 'canInvite', 'canManage', 'canManageHousehold', 'canOrganize'] as const

export function adminUserValuesOf(user: UserOut | undefined): AdminUserValues {
  return {
    username: user?.username ?? '',
    fullName: user?.fullName ?? '',
    email: user?.email ?? '',
    password: '',
    authMethod: user?.authMethod ?? 'Mealie',
    group: user?.group ?? '',
    household: user?.household ?? '',
    admin: user?.admin ?? false,
    advanced: user?.advanced ?? false,
    canInvite: user?.canInvite ?? false,
    canManage: user?.canManage ?? false,
    canManageHousehold: user?.canManageHousehold ?? false,
    canOrganize: user?.canOrganize ?? false,
  }
}

/**
 * A user as administrators edit it: group and household chosen by name (docs/mealie-compatibility.md "Administration"), sign-in method and every
 * flag. `mode: 'create'` adds the password. `isSelf` keeps an administrator from demoting themself.
 */
export function UserForm(props: {
  mode: 'create' | 'edit'
  initial: AdminUserValues
  isSelf?: boolean
  submitting: boolean
  onSubmit: (values: AdminUserValues) => Promise<unknown>
}) {
  const { t } = useTranslation()
  const rules = useFieldRules()
  const groups = useAdminGroups()
  const households = useAdminHouseholds()
  const form = useForm<AdminUserValues>({
    initialValues: props.initial,
    validate: {
      username: rules.username,
      fullName: rules.fullName,
      email: rules.email,
      password: (value) => {
        if (props.mode !== 'create') return null
        return rules.password(value)
      },
      group: (value) => (value === '' ? t('admin.users.groupRequired') : null),
      household: (value) => (value === '' ? t('admin.users.householdRequired') : null),
    },
  })
  const groupList = groups.data?.items ?? []
  const chosenGroup = groupList.find((group) => group.name === form.values.group)
  const householdList = (households.data?.items ?? []).filter((household) => household.groupId === chosenGroup?.id)

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(
        (values) =>
          void props
            .onSubmit(values)
            .then(() => form.resetDirty())
            .catch(() => undefined),
      )}
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <NativeSelect
            label={t('admin.users.group')}
            required
            data={[
              {
                value: '',
                label: groups.isPending ? t('common.loading') : t('admin.users.chooseGroup'),
                disabled: true,
              },
              ...groupList.map((group) => ({ value: group.name, label: group.name })),
            ]}
            {...form.getInputProps('group')}
            onChange={(event) => {
              form.setFieldValue('group', event.currentTarget.value)
              form.setFieldValue('household', '')
            }}
          />
          <NativeSelect
            label={t('admin.users.household')}
            required
            disabled={!chosenGroup}
            data={[
              { value: '', label: t('admin.users.chooseHousehold'), disabled: true },
              ...householdList.map((household) => ({ value: household.name, label: household.name })),
            ]}
            {...form.getInputProps('household')}
          />
          <TextInput label={t('register.username')} required autoComplete="off" {...form.getInputProps('username')} />
          <TextInput label={t('register.fullName')} required autoComplete="off" {...form.getInputProps('fullName')} />
          <TextInput
            label={t('register.email')}
            type="email"
            required
            autoComplete="off"
            {...form.getInputProps('email')}
          />
          <NativeSelect
            label={t('admin.users.authMethod')}
            data={authMethods.map((method) => ({ value: method, label: authMethodLabel(t, method) }))}
            {...form.getInputProps('authMethod')}
          />
          {props.mode === 'create' && (
            <PasswordInput
              label={t('register.password')}
              required
              autoComplete="new-password"
              visibilityToggleButtonProps={{ 'aria-label': t('login.togglePassword') }}
              {...form.getInputProps('password')}
            />
          )}
        </SimpleGrid>
        <Text fw={600} size="sm" mt="xs">
          {t('admin.users.permissions')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {flags.map((flag) => (
            <Switch
              key={flag}
              label={t(`profile.permission.${flag}`)}
              disabled={(flag === 'admin' && props.isSelf) || (flag !== 'admin' && form.values.admin)}
              description={flag === 'admin' && props.isSelf ? t('admin.users.cannotDemoteSelf') : undefined}
              {...form.getInputProps(flag, { type: 'checkbox' })}
              checked={form.values[flag] || (flag !== 'admin' && form.values.admin)}
            />
          ))}
        </SimpleGrid>
        <Group justify="flex-end">
          <Button
            type="submit"
            loading={props.submitting}
            disabled={props.mode === 'edit' && !form.isDirty()}
            leftSection={<IconDeviceFloppy size={16} />}
          >
            {props.mode === 'create' ? t('admin.users.create') : t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
