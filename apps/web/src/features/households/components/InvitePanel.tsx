import { Alert, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core'
import { useForm } from '@mantine/form'
import { IconLink, IconMail, IconUserPlus } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { useAppInfo } from '@/api/app-queries'
import { CopyField } from '@/components/CopyField'
import { notifySuccess } from '@/components/feedback'
import { invitationLink, useCreateInvitation, useEmailInvitation } from '@/features/households/api/invitations'
import { useFieldRules } from '@/components/use-field-rules'

function EmailInvitationForm({ token }: { token: string }) {
  const { t } = useTranslation()
  const rules = useFieldRules()
  const send = useEmailInvitation()
  const form = useForm({
    initialValues: { email: '' },
    validate: {
      email: rules.email,
    },
  })
  const failed = send.data && !send.data.success
  return (
    <form
      noValidate
      onSubmit={form.onSubmit(({ email }) =>
        send.mutate(
          { email: email.trim(), token },
          {
            onSuccess: (result) => {
              if (!result.success) return
              notifySuccess(t('invite.emailSent', { email: email.trim() }))
              form.reset()
            },
          },
        ),
      )}
    >
      <Stack gap="xs">
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <TextInput
            label={t('invite.emailLabel')}
            type="email"
            autoComplete="off"
            style={{ flex: 1 }}
            {...form.getInputProps('email')}
          />
          <Button type="submit" loading={send.isPending} leftSection={<IconMail size={16} />}>
            {t('invite.send')}
          </Button>
        </Group>
        {failed && (
          <Alert color="warning" variant="light" role="alert">
            {send.data?.error ?? t('invite.emailNotConfigured')}
          </Alert>
        )}
      </Stack>
    </form>
  )
}

/**
 * The profile's invitation box (docs/web.md "Mealie's screens"): a single-use link to copy, and a field to mail it when the server
 * can send mail (offered otherwise, it failed only after the person had typed the address and pressed Send). Shown
 * only to people who may invite.
 */
export function InvitePanel({ origin }: { origin: string }) {
  const { t } = useTranslation()
  const create = useCreateInvitation()
  const mailReady = useAppInfo().data?.enableEmail === true
  const token = create.data?.token
  return (
    <Card withBorder radius="lg" padding="lg">
      <Group gap="sm" mb="xs">
        <IconUserPlus size={20} />
        <Title order={2} fz="md">
          {t('invite.title')}
        </Title>
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        {t('invite.text')}
      </Text>
      {token ? (
        <Stack gap="md">
          <CopyField label={t('invite.link')} value={invitationLink(origin, token)} data-testid="invite-link" />
          {mailReady ? (
            <EmailInvitationForm token={token} />
          ) : (
            <Text size="sm" c="dimmed">
              {t('invite.copyInstead')}
            </Text>
          )}
        </Stack>
      ) : (
        <Button
          variant="light"
          leftSection={<IconLink size={16} />}
          loading={create.isPending}
          onClick={() => create.mutate(1)}
          data-testid="invite-create"
        >
          {t('invite.getLink')}
        </Button>
      )}
    </Card>
  )
}
