import { supportedLocales, type CreateUserRegistration } from '@larder/contracts'
import { Alert, Anchor, Button, Group, Radio, Stack, Stepper, Switch, Table, Text, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { IconArrowLeft, IconArrowRight, IconInfoCircle, IconTicket, IconUsersGroup } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { ApiError } from '@/api/api-error'
import { NewPasswordFields } from '@/components/PasswordFields'
import { emailProblem, nameProblem, usernameProblem } from '@/components/field-rules'
import {
  useAvailability,
  useInvitation,
  useRegister,
  type Availability,
  type InvitationLookup,
} from '@/features/users/api/registration'
import { AvailabilityIcon } from './AvailabilityHint'
import { paths } from '@/app/paths'
import { useFieldRules } from '@/components/use-field-rules'

export type RegistrationPath = 'join' | 'create'

export interface RegistrationValues {
  path: RegistrationPath
  token: string
  groupName: string
  privateGroup: boolean
  seedData: boolean
  username: string
  fullName: string
  email: string
  password: string
  passwordConfirm: string
  advanced: boolean
}

const groupStepFields = ['token', 'groupName'] as const
const accountStepFields = ['username', 'fullName', 'email', 'password', 'passwordConfirm'] as const

/** The locale the account starts with: the page's language when the server knows it. */
function accountLocale(language: string): CreateUserRegistration['locale'] {
  const known = supportedLocales.find((code) => code === language)
  return known ?? 'en-US'
}

export function registrationBody(values: RegistrationValues, language: string): CreateUserRegistration {
  const common = {
    email: values.email.trim(),
    username: values.username.trim(),
    fullName: values.fullName.trim(),
    password: values.password,
    passwordConfirm: values.passwordConfirm,
    advanced: values.advanced,
    locale: accountLocale(language),
  }
  if (values.path === 'join') return { ...common, groupToken: values.token.trim() }
  return { ...common, group: values.groupName.trim(), private: values.privateGroup, seedData: values.seedData }
}

/** What the person joins, in words: the household and group by name once the server has named them. */
function InvitationNotice(props: { invitation: InvitationLookup; onChangeCode?: () => void }) {
  const { t } = useTranslation()
  const { invitation } = props
  if (invitation.state === 'invalid') {
    return (
      <Alert color="error" variant="light" role="alert" icon={<IconInfoCircle size={18} />}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('register.invitationInvalid')}</Text>
          {props.onChangeCode && (
            <Anchor component="button" type="button" size="sm" onClick={props.onChangeCode}>
              {t('register.changeCode')}
            </Anchor>
          )}
        </Stack>
      </Alert>
    )
  }
  if (invitation.state === 'idle') return null
  return (
    <Alert variant="light" color="info" icon={<IconTicket size={18} />}>
      {invitation.state === 'valid'
        ? t('register.joiningNamed', { household: invitation.household, group: invitation.group })
        : t('register.joiningWithInvite')}
    </Alert>
  )
}

function takenMessage(availability: Availability, key: string, t: (key: string) => string): string | null {
  return availability === 'taken' ? t(key) : null
}

/**
 * Registration (docs/mealie-compatibility.md "Registration, invitations and password reset", docs/web.md "Mealie's screens"): join a household with an invitation token, or start a new group when sign-up
 * is open; then the account; then a summary. Availability of username, email and group name is checked as the
 * person types. `onRegistered` runs after the server created the account, with the email to sign in with.
 */
export function RegisterWizard(props: {
  initialToken: string
  allowSignup: boolean
  onRegistered: (signInName: string) => void
}) {
  const { t, i18n } = useTranslation()
  const rules = useFieldRules()
  const register = useRegister()
  const [step, setStep] = useState(props.initialToken ? 1 : 0)
  const [submitError, setSubmitError] = useState<string | null>(null)
  const form = useForm<RegistrationValues>({
    initialValues: {
      path: props.initialToken || !props.allowSignup ? 'join' : 'create',
      token: props.initialToken,
      groupName: '',
      privateGroup: false,
      seedData: true,
      username: '',
      fullName: '',
      email: '',
      password: '',
      passwordConfirm: '',
      advanced: false,
    },
    validate: {
      token: (value, values) => (values.path === 'join' && value.trim() === '' ? t('register.tokenRequired') : null),
      groupName: (value, values) => {
        if (values.path !== 'create') return null
        return rules.name(value)
      },
      username: rules.username,
      fullName: rules.fullName,
      email: rules.email,
      password: rules.password,
      passwordConfirm: (value, values) => rules.confirmation(values.password, value),
    },
  })
  const { values } = form
  const usernameAvailability = useAvailability('username', values.username, usernameProblem(values.username) === null)
  const emailAvailability = useAvailability('email', values.email, emailProblem(values.email) === null)
  const invitation = useInvitation(values.path === 'join' ? values.token : '')
  const groupAvailability = useAvailability(
    'groupName',
    values.groupName,
    values.path === 'create' && nameProblem(values.groupName) === null,
  )

  /** Checks one step's fields (and availability); true when the step may be left forwards. */
  function stepIsValid(fields: readonly (keyof RegistrationValues)[]): boolean {
    let valid = true
    for (const field of fields) {
      if (form.validateField(field).hasError) valid = false
    }
    const taken: Array<[keyof RegistrationValues, Availability, string]> = [
      ['username', usernameAvailability, 'register.usernameTaken'],
      ['email', emailAvailability, 'register.emailTaken'],
      ['groupName', groupAvailability, 'register.groupNameTaken'],
    ]
    for (const [field, availability, key] of taken) {
      if (!fields.includes(field)) continue
      const message = takenMessage(availability, key, t)
      if (message) {
        form.setFieldError(field, message)
        valid = false
      }
    }
    if (fields.includes('token') && values.path === 'join' && invitation.state === 'invalid') {
      form.setFieldError('token', t('register.invitationInvalid'))
      valid = false
    }
    return valid
  }

  function next() {
    const fields = step === 0 ? groupStepFields : accountStepFields
    if (stepIsValid(fields)) setStep((current) => current + 1)
  }

  async function submit() {
    if (!stepIsValid(groupStepFields)) return setStep(0)
    if (!stepIsValid(accountStepFields)) return setStep(1)
    setSubmitError(null)
    try {
      await register.mutateAsync(registrationBody(values, i18n.language))
      props.onRegistered(values.email.trim().toLowerCase())
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 409) {
        const field = /email/i.test(caught.message) ? 'email' : 'username'
        form.setFieldError(field, caught.message)
        setStep(1)
      }
      if (!(caught instanceof ApiError && caught.notified)) {
        setSubmitError(caught instanceof Error ? caught.message : t('register.failed'))
      }
    }
  }

  const usernameError = form.errors.username ?? takenMessage(usernameAvailability, 'register.usernameTaken', t)
  const emailError = form.errors.email ?? takenMessage(emailAvailability, 'register.emailTaken', t)
  const groupError = form.errors.groupName ?? takenMessage(groupAvailability, 'register.groupNameTaken', t)
  const tokenError = form.errors.token ?? (invitation.state === 'invalid' ? t('register.invitationInvalid') : null)

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        if (step < 2) next()
        else void submit()
      }}
    >
      <Stepper active={step} onStepClick={(target) => target < step && setStep(target)} size="xs" iconSize={26} mb="lg">
        <Stepper.Step label={t('register.stepGroup')} allowStepSelect={step > 0}>
          <Stack gap="md" mt="md">
            <Radio.Group
              label={t('register.howToJoin')}
              value={values.path}
              onChange={(value) => form.setFieldValue('path', value === 'join' ? 'join' : 'create')}
            >
              <Stack gap="xs" mt="xs">
                <Radio.Card value="join" radius="md" p="md" data-testid="register-path-join">
                  <Group wrap="nowrap" align="flex-start">
                    <Radio.Indicator />
                    <Stack gap={2}>
                      <Group gap={6}>
                        <IconTicket size={18} />
                        <Text fw={600}>{t('register.joinTitle')}</Text>
                      </Group>
                      <Text size="sm" c="dimmed">
                        {t('register.joinText')}
                      </Text>
                    </Stack>
                  </Group>
                </Radio.Card>
                <Radio.Card
                  value="create"
                  radius="md"
                  p="md"
                  disabled={!props.allowSignup}
                  data-testid="register-path-create"
                  style={props.allowSignup ? undefined : { opacity: 0.6, cursor: 'not-allowed' }}
                >
                  <Group wrap="nowrap" align="flex-start">
                    <Radio.Indicator disabled={!props.allowSignup} />
                    <Stack gap={2}>
                      <Group gap={6}>
                        <IconUsersGroup size={18} />
                        <Text fw={600}>{t('register.createTitle')}</Text>
                      </Group>
                      <Text size="sm" c="dimmed">
                        {props.allowSignup ? t('register.createText') : t('register.inviteOnly')}
                      </Text>
                    </Stack>
                  </Group>
                </Radio.Card>
              </Stack>
            </Radio.Group>
            {values.path === 'join' ? (
              <>
                <TextInput
                  label={t('register.token')}
                  description={t('register.tokenHint')}
                  required
                  autoComplete="off"
                  spellCheck={false}
                  {...form.getInputProps('token')}
                  error={tokenError}
                />
                {invitation.state === 'valid' && <InvitationNotice invitation={invitation} />}
              </>
            ) : (
              <>
                <TextInput
                  label={t('register.groupName')}
                  required
                  rightSection={<AvailabilityIcon availability={groupAvailability} />}
                  {...form.getInputProps('groupName')}
                  error={groupError}
                />
                <Switch
                  label={t('register.privateGroup')}
                  description={t('register.privateGroupHint')}
                  {...form.getInputProps('privateGroup', { type: 'checkbox' })}
                />
                <Switch
                  label={t('register.seedData')}
                  description={t('register.seedDataHint')}
                  {...form.getInputProps('seedData', { type: 'checkbox' })}
                />
              </>
            )}
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={t('register.stepAccount')} allowStepSelect={step > 1}>
          <Stack gap="sm" mt="md">
            {values.path === 'join' && <InvitationNotice invitation={invitation} onChangeCode={() => setStep(0)} />}
            <TextInput
              label={t('register.username')}
              required
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              rightSection={<AvailabilityIcon availability={usernameAvailability} />}
              {...form.getInputProps('username')}
              error={usernameError}
            />
            <TextInput
              label={t('register.fullName')}
              required
              autoComplete="name"
              {...form.getInputProps('fullName')}
            />
            <TextInput
              label={t('register.email')}
              type="email"
              required
              autoComplete="email"
              autoCapitalize="none"
              spellCheck={false}
              rightSection={<AvailabilityIcon availability={emailAvailability} />}
              {...form.getInputProps('email')}
              error={emailError}
            />
            <NewPasswordFields
              passwordLabel={t('register.password')}
              password={form.getInputProps('password')}
              confirmation={form.getInputProps('passwordConfirm')}
              testIdPrefix="register-password"
            />
            <Switch
              mt="xs"
              label={t('register.advanced')}
              description={t('register.advancedHint')}
              {...form.getInputProps('advanced', { type: 'checkbox' })}
            />
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={t('register.stepConfirm')}>
          <Stack gap="md" mt="md">
            <Text size="sm" c="dimmed">
              {t('register.reviewText')}
            </Text>
            <Table variant="vertical" layout="fixed" withTableBorder data-testid="register-summary">
              <Table.Tbody>
                {values.path === 'join' && invitation.state === 'valid' ? (
                  <>
                    <Table.Tr>
                      <Table.Th w={130}>{t('register.group')}</Table.Th>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>{invitation.group}</Table.Td>
                    </Table.Tr>
                    <Table.Tr>
                      <Table.Th>{t('register.household')}</Table.Th>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>{invitation.household}</Table.Td>
                    </Table.Tr>
                  </>
                ) : values.path === 'join' ? (
                  <Table.Tr>
                    <Table.Th w={130}>{t('register.group')}</Table.Th>
                    <Table.Td>{t('register.joinByInvite')}</Table.Td>
                  </Table.Tr>
                ) : (
                  <>
                    <Table.Tr>
                      <Table.Th w={130}>{t('register.group')}</Table.Th>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>{values.groupName.trim()}</Table.Td>
                    </Table.Tr>
                    <Table.Tr>
                      <Table.Th>{t('register.privacy')}</Table.Th>
                      <Table.Td>{values.privateGroup ? t('register.private') : t('register.public')}</Table.Td>
                    </Table.Tr>
                  </>
                )}
                <Table.Tr>
                  <Table.Th>{t('register.username')}</Table.Th>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{values.username.trim().toLowerCase()}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>{t('register.fullName')}</Table.Th>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{values.fullName.trim()}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>{t('register.email')}</Table.Th>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{values.email.trim().toLowerCase()}</Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
            {submitError && (
              <Alert color="error" variant="light" role="alert" icon={<IconInfoCircle size={18} />}>
                {submitError}
              </Alert>
            )}
          </Stack>
        </Stepper.Step>
      </Stepper>
      <Group justify="space-between" mt="xl">
        {step > 0 ? (
          <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={() => setStep(step - 1)}>
            {t('common.back')}
          </Button>
        ) : (
          <Anchor component={Link} to={paths.login} size="sm">
            {t('register.haveAccount')}
          </Anchor>
        )}
        {step < 2 ? (
          <Button type="submit" rightSection={<IconArrowRight size={16} />} data-testid="register-next">
            {t('common.next')}
          </Button>
        ) : (
          <Button type="submit" loading={register.isPending} data-testid="register-submit">
            {t('register.submit')}
          </Button>
        )}
      </Group>
    </form>
  )
}
