import type { UserOut } from '@larder/contracts'
import {
  Alert,
  Anchor,
  Button,
  Group,
  PasswordInput,
  SimpleGrid,
  Stack,
  Stepper,
  Switch,
  Table,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core'
import { useForm } from '@mantine/form'
import {
  IconArrowLeft,
  IconArrowRight,
  IconChefHat,
  IconRocket,
  IconSettings,
  IconUserCircle,
  IconUsers,
} from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { NewPasswordFields } from '@/components/PasswordFields'
import { defaultAdminEmail, defaultAdminPassword, useCompleteSetup, type SetupValues } from '@/features/admin/api/setup'
import { paths } from '@/app/paths'
import { useFieldRules } from '@/components/use-field-rules'

const accountFields = ['fullName', 'username', 'email', 'currentPassword', 'newPassword', 'passwordConfirm'] as const
const settingsFields = ['groupName'] as const

/**
 * `/admin/setup` (docs/web.md "Mealie's screens"): welcome → the administrator's own account (replacing the seeded email and
 * password is required) → basic settings → review → shortcuts.
 */
export function SetupWizard({
  admin,
  groupPrivate,
  setupDone,
}: {
  admin: UserOut
  groupPrivate: boolean
  /** Once the seeded administrator is gone the wizard is a way to change things, not a first run. */
  setupDone: boolean
}) {
  const { t } = useTranslation()
  const rules = useFieldRules()
  const complete = useCompleteSetup(admin)
  const [step, setStep] = useState(0)
  const form = useForm<SetupValues & { passwordConfirm: string }>({
    initialValues: {
      fullName: admin.fullName ?? '',
      username: admin.username ?? '',
      email: admin.email === defaultAdminEmail ? '' : admin.email,
      currentPassword: setupDone ? '' : defaultAdminPassword,
      newPassword: '',
      passwordConfirm: '',
      groupName: admin.group,
      privateGroup: groupPrivate,
      publicHousehold: true,
      publicRecipes: true,
    },
    validate: {
      fullName: rules.fullName,
      username: rules.username,
      email: (value) => {
        if (value.trim().toLowerCase() === defaultAdminEmail) return t('setup.replaceEmail')
        return rules.email(value)
      },
      currentPassword: (value) => (value === '' ? t('fields.currentPasswordRequired') : null),
      newPassword: (value) => {
        if (value === defaultAdminPassword) return t('setup.replacePassword')
        return rules.password(value)
      },
      passwordConfirm: (value, values) => rules.confirmation(values.newPassword, value),
      groupName: rules.name,
    },
  })

  function advance(fields: readonly string[]) {
    const failed = fields.map((field) => form.validateField(field).hasError).some(Boolean)
    if (!failed) setStep((current) => current + 1)
  }

  const { values } = form
  const visitorsSee = values.privateGroup
    ? t('setup.visitorsSeeNothing')
    : !values.publicHousehold
      ? t('setup.visitorsSeeNothingYet', { household: admin.household })
      : values.publicRecipes
        ? t('setup.visitorsSeePublic', { household: admin.household })
        : t('setup.visitorsSeeMarked', { household: admin.household })
  return (
    <Stack gap="lg">
      <Stepper
        active={step}
        size="xs"
        iconSize={26}
        onStepClick={(target) => target < step && step < 4 && setStep(target)}
      >
        <Stepper.Step label={t('setup.welcomeStep')}>
          <Stack gap="md" mt="lg" align="flex-start">
            <ThemeIcon size={56} radius="xl" variant="light">
              <IconRocket size={30} />
            </ThemeIcon>
            <Title order={2} fz="lg">
              {setupDone ? t('setup.revisitTitle') : t('setup.welcomeTitle')}
            </Title>
            <Text c="dimmed" size="sm">
              {setupDone ? t('setup.revisitText') : t('setup.welcomeText')}
            </Text>
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={t('setup.accountStep')}>
          <Stack gap="sm" mt="lg">
            <Text size="sm" c="dimmed">
              {setupDone ? t('setup.revisitAccountText') : t('setup.accountText')}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput
                label={t('register.fullName')}
                required
                autoComplete="name"
                {...form.getInputProps('fullName')}
              />
              <TextInput
                label={t('register.username')}
                required
                autoComplete="username"
                {...form.getInputProps('username')}
              />
            </SimpleGrid>
            <TextInput
              label={t('register.email')}
              type="email"
              required
              autoComplete="email"
              {...form.getInputProps('email')}
            />
            <PasswordInput
              label={t('fields.currentPassword')}
              description={setupDone ? undefined : t('setup.currentPasswordHint')}
              autoComplete="current-password"
              required
              visibilityToggleButtonProps={{ 'aria-label': t('login.togglePassword') }}
              {...form.getInputProps('currentPassword')}
            />
            <NewPasswordFields
              password={form.getInputProps('newPassword')}
              confirmation={form.getInputProps('passwordConfirm')}
            />
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={t('setup.settingsStep')}>
          <Stack gap="md" mt="lg">
            <TextInput label={t('setup.groupName')} required {...form.getInputProps('groupName')} />
            <Switch
              label={t('groupSettings.privateGroup')}
              description={t('groupSettings.privateGroupHint')}
              {...form.getInputProps('privateGroup', { type: 'checkbox' })}
            />
            {values.privateGroup ? (
              <Text size="sm" c="dimmed">
                {t('setup.privateExplained')}
              </Text>
            ) : (
              <Stack gap="sm" pl={{ base: 0, sm: 'xl' }}>
                <Text size="sm">{t('setup.publicExplained')}</Text>
                <Switch
                  label={t('setup.publicHousehold', { household: admin.household })}
                  {...form.getInputProps('publicHousehold', { type: 'checkbox' })}
                />
                <Switch
                  label={t('setup.publicRecipes')}
                  description={t('setup.publicRecipesHint')}
                  {...form.getInputProps('publicRecipes', { type: 'checkbox' })}
                />
              </Stack>
            )}
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={t('setup.reviewStep')}>
          <Stack gap="md" mt="lg">
            <Table variant="vertical" layout="fixed" withTableBorder>
              <Table.Tbody>
                {(
                  [
                    [t('register.fullName'), values.fullName],
                    [t('register.username'), values.username],
                    [t('register.email'), values.email],
                    [t('setup.groupName'), values.groupName],
                    [t('register.privacy'), values.privateGroup ? t('register.private') : t('register.public')],
                    [t('setup.visitorsSee'), visitorsSee],
                  ] as const
                ).map(([label, value]) => (
                  <Table.Tr key={label}>
                    <Table.Th w={130}>{label}</Table.Th>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {complete.isError && (
              <Alert color="error" variant="light" role="alert">
                {complete.error instanceof Error ? complete.error.message : t('setup.failed')}
              </Alert>
            )}
          </Stack>
        </Stepper.Step>
        <Stepper.Completed>
          <Stack gap="md" mt="lg">
            <Title order={2} fz="lg">
              {t('setup.doneTitle')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('setup.doneText')}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <Button
                component={Link}
                to={paths.group(admin.groupSlug)}
                variant="light"
                leftSection={<IconChefHat size={16} />}
              >
                {t('setup.goRecipes')}
              </Button>
              <Button component={Link} to={paths.adminUsers} variant="default" leftSection={<IconUsers size={16} />}>
                {t('setup.goUsers')}
              </Button>
              <Button component={Link} to={paths.profile} variant="default" leftSection={<IconUserCircle size={16} />}>
                {t('setup.goProfile')}
              </Button>
              <Button
                component={Link}
                to={paths.adminSiteSettings}
                variant="default"
                leftSection={<IconSettings size={16} />}
              >
                {t('setup.goSiteSettings')}
              </Button>
            </SimpleGrid>
          </Stack>
        </Stepper.Completed>
      </Stepper>
      {step < 4 && (
        <Group justify="space-between">
          {step > 0 ? (
            <Button
              variant="default"
              leftSection={<IconArrowLeft size={16} />}
              onClick={() => setStep(step - 1)}
              disabled={complete.isPending}
            >
              {t('common.back')}
            </Button>
          ) : (
            <Anchor component={Link} to={paths.group(admin.groupSlug)} size="sm">
              {setupDone ? t('setup.leave') : t('setup.skip')}
            </Anchor>
          )}
          {step === 0 && (
            <Button rightSection={<IconArrowRight size={16} />} onClick={() => setStep(1)}>
              {t('setup.start')}
            </Button>
          )}
          {step === 1 && (
            <Button rightSection={<IconArrowRight size={16} />} onClick={() => advance(accountFields)}>
              {t('common.next')}
            </Button>
          )}
          {step === 2 && (
            <Button rightSection={<IconArrowRight size={16} />} onClick={() => advance(settingsFields)}>
              {t('common.next')}
            </Button>
          )}
          {step === 3 && (
            <Button
              loading={complete.isPending}
              onClick={() =>
                complete.mutate(
                  { ...values },
                  {
                    onSuccess: () => setStep(4),
                  },
                )
              }
            >
              {t('setup.finish')}
            </Button>
          )}
        </Group>
      )}
    </Stack>
  )
}
