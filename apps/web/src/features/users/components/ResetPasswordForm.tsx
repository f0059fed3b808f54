import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { IconAlertTriangle } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { NewPasswordFields } from '@/components/PasswordFields'
import { useResetPassword } from '@/features/users/api/password-reset'
import { paths } from '@/app/paths'
import { useFieldRules } from '@/components/use-field-rules'

/** A new password with the token from the reset mail; without a token there is nothing to submit. */
export function ResetPasswordForm(props: { token: string; onReset: () => void }) {
  const { t } = useTranslation()
  const rules = useFieldRules()
  const reset = useResetPassword()
  const form = useForm({
    initialValues: { email: '', password: '', passwordConfirm: '' },
    validate: {
      email: rules.email,
      password: rules.password,
      passwordConfirm: (value, values) => rules.confirmation(values.password, value),
    },
  })
  const hasToken = props.token !== ''

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(async (values) => {
        try {
          await reset.mutateAsync({ ...values, token: props.token, email: values.email.trim() })
          props.onReset()
        } catch {
          // "Invalid token" and the like are shown by the HTTP client.
        }
      })}
    >
      <Stack gap="md">
        {!hasToken && (
          <Alert
            color="warning"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            title={t('passwordReset.tokenRequired')}
          >
            {t('passwordReset.tokenRequiredText')}
          </Alert>
        )}
        <TextInput
          label={t('passwordReset.email')}
          type="email"
          autoComplete="email"
          required
          disabled={!hasToken}
          {...form.getInputProps('email')}
        />
        <NewPasswordFields
          password={{ ...form.getInputProps('password'), disabled: !hasToken }}
          confirmation={{ ...form.getInputProps('passwordConfirm'), disabled: !hasToken }}
        />
        <Button type="submit" loading={reset.isPending} disabled={!hasToken} fullWidth>
          {hasToken ? t('passwordReset.submit') : t('passwordReset.tokenRequired')}
        </Button>
        <Anchor component={Link} to={paths.forgotPassword} size="sm" ta="center">
          {t('passwordReset.askAgain')}
        </Anchor>
      </Stack>
    </form>
  )
}
