import { PasswordInput, Progress, Stack, Text, type PasswordInputProps } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { passwordStrength } from './field-rules'

const strengthColors = ['gray', 'error', 'warning', 'info', 'success'] as const

/** The strength bar under a new password (docs/web.md "Mealie's screens": "strength meter"). */
export function PasswordStrength({ value }: { value: string }) {
  const { t } = useTranslation()
  const strength = passwordStrength(value)
  return (
    <Stack gap={4}>
      <Progress
        value={(strength / 4) * 100}
        color={strengthColors[strength]}
        size="sm"
        aria-label={t('fields.passwordStrength')}
      />
      <Text size="xs" c="dimmed">
        {t(`fields.strength.${strength}`)}
      </Text>
    </Stack>
  )
}

/** New password + confirmation, wired to a Mantine form's input props. */
export function NewPasswordFields(props: {
  password: PasswordInputProps
  confirmation: PasswordInputProps
  passwordLabel?: string
  testIdPrefix?: string
}) {
  const { t } = useTranslation()
  const prefix = props.testIdPrefix ?? 'new-password'
  return (
    <Stack gap="sm">
      <PasswordInput
        label={props.passwordLabel ?? t('fields.newPassword')}
        autoComplete="new-password"
        required
        data-testid={prefix}
        visibilityToggleButtonProps={{ 'aria-label': t('login.togglePassword') }}
        {...props.password}
      />
      <PasswordStrength value={typeof props.password.value === 'string' ? props.password.value : ''} />
      <PasswordInput
        label={t('fields.confirmPassword')}
        autoComplete="new-password"
        required
        data-testid={`${prefix}-confirm`}
        visibilityToggleButtonProps={{ 'aria-label': t('login.togglePassword') }}
        {...props.confirmation}
      />
    </Stack>
  )
}
