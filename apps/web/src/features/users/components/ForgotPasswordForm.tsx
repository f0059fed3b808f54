import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { IconMailCheck } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useForgotPassword } from '@/features/users/api/password-reset'
import { paths } from '@/app/paths'
import { useFieldRules } from '@/components/use-field-rules'

/**
 * Asks for a reset mail. The answer is the same whether or not the account exists (docs/mealie-compatibility.md "Registration, invitations and password reset"): the page
 * never tells an outsider which addresses have accounts.
 */
export function ForgotPasswordForm() {
  const { t } = useTranslation()
  const rules = useFieldRules()
  const forgot = useForgotPassword()
  const [sentTo, setSentTo] = useState<string | null>(null)
  const form = useForm({
    initialValues: { email: '' },
    validate: {
      email: rules.email,
    },
  })

  if (sentTo) {
    return (
      <Stack gap="md">
        <Alert color="success" variant="light" icon={<IconMailCheck size={20} />} title={t('passwordReset.sentTitle')}>
          <Text size="sm" data-testid="forgot-password-sent">
            {t('passwordReset.sentText', { email: sentTo })}
          </Text>
        </Alert>
        <Anchor component={Link} to={paths.login} size="sm">
          {t('passwordReset.backToLogin')}
        </Anchor>
      </Stack>
    )
  }

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(async ({ email }) => {
        try {
          await forgot.mutateAsync(email.trim())
          setSentTo(email.trim())
        } catch {
          // A failure to send is the server's problem, not an answer about the account; its message is shown.
        }
      })}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('passwordReset.forgotIntro')}
        </Text>
        <TextInput
          label={t('passwordReset.email')}
          type="email"
          autoComplete="email"
          required
          data-autofocus
          {...form.getInputProps('email')}
        />
        <Button type="submit" loading={forgot.isPending} fullWidth>
          {t('passwordReset.sendLink')}
        </Button>
        <Anchor component={Link} to={paths.login} size="sm" ta="center">
          {t('passwordReset.backToLogin')}
        </Anchor>
      </Stack>
    </form>
  )
}
