import type { UserOut } from '@larder/contracts'
import { Alert, Button, Group, PasswordInput, Stack } from '@mantine/core'
import { useForm } from '@mantine/form'
import { IconLock } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiError } from '@/api/api-error'
import { NewPasswordFields } from '@/components/PasswordFields'
import { notifySuccess } from '@/components/feedback'
import { useChangePassword } from '@/features/users/api/profile'
import { useFieldRules } from '@/components/use-field-rules'

/**
 * Current, new and confirmed password. The server ends every session when the password changes; the mutation
 * signs in again with the new one, so success here means the person is still signed in.
 */
export function ChangePasswordForm({ user, onChanged }: { user: UserOut; onChanged?: () => void }) {
  const { t } = useTranslation()
  const rules = useFieldRules()
  const change = useChangePassword(user)
  const [failure, setFailure] = useState<string | null>(null)
  const form = useForm({
    initialValues: { currentPassword: '', password: '', passwordConfirm: '' },
    validate: {
      currentPassword: (value) => (value === '' ? t('fields.currentPasswordRequired') : null),
      password: rules.password,
      passwordConfirm: (value, values) => rules.confirmation(values.password, value),
    },
  })
  const externallyManaged = user.authMethod !== 'Mealie'

  if (externallyManaged) {
    return (
      <Alert variant="light" color="info">
        {t('profileEdit.passwordManagedElsewhere', { method: user.authMethod })}
      </Alert>
    )
  }

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(async (values) => {
        setFailure(null)
        try {
          await change.mutateAsync({ currentPassword: values.currentPassword, newPassword: values.password })
          form.reset()
          notifySuccess(t('profileEdit.passwordChanged'))
          onChanged?.()
        } catch (caught) {
          setFailure(caught instanceof ApiError ? caught.message : t('profileEdit.passwordChangeFailed'))
        }
      })}
    >
      <Stack gap="sm">
        <PasswordInput
          label={t('fields.currentPassword')}
          autoComplete="current-password"
          required
          visibilityToggleButtonProps={{ 'aria-label': t('login.togglePassword') }}
          {...form.getInputProps('currentPassword')}
        />
        <NewPasswordFields
          password={form.getInputProps('password')}
          confirmation={form.getInputProps('passwordConfirm')}
        />
        {failure && (
          <Alert color="error" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={change.isPending} leftSection={<IconLock size={16} />}>
            {t('profileEdit.changePassword')}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
