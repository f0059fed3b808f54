import type { UserOut } from '@larder/contracts'
import { Alert, Badge, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core'
import { useForm } from '@mantine/form'
import { IconKey, IconPlus, IconTrash } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { ConfirmButton } from '@/components/ConfirmButton'
import { CopyField } from '@/components/CopyField'
import { EmptyNote } from '@/components/QueryState'
import { notifySuccess } from '@/components/feedback'
import { useCreateApiToken, useDeleteApiToken } from '@/features/users/api/api-tokens'

function formatDate(value: string | null, language: string): string {
  if (!value) return '—'
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value))
}

/** Create a token (its secret is shown once, here), list the others, revoke with confirmation. */
export function ApiTokens({ user }: { user: UserOut }) {
  const { t, i18n } = useTranslation()
  const create = useCreateApiToken()
  const revoke = useDeleteApiToken()
  const form = useForm({
    initialValues: { name: '' },
    validate: {
      name: (value) =>
        value.trim() === '' ? t('apiTokens.nameRequired') : value.trim().length > 100 ? t('fields.tooLong') : null,
    },
  })
  const tokens = user.tokens ?? []
  const created = create.data

  return (
    <Stack gap="lg">
      <Card withBorder radius="lg" padding="lg">
        <Title order={2} fz="md" mb="xs">
          {t('apiTokens.createTitle')}
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          {t('apiTokens.createText')}
        </Text>
        <form
          noValidate
          onSubmit={form.onSubmit(({ name }) => create.mutate(name.trim(), { onSuccess: () => form.reset() }))}
        >
          <Group align="flex-start" gap="xs" wrap="nowrap">
            <TextInput
              aria-label={t('apiTokens.name')}
              placeholder={t('apiTokens.namePlaceholder')}
              style={{ flex: 1 }}
              {...form.getInputProps('name')}
            />
            <Button type="submit" loading={create.isPending} leftSection={<IconPlus size={16} />}>
              {t('apiTokens.generate')}
            </Button>
          </Group>
        </form>
        {created && (
          <Alert
            mt="md"
            color="success"
            variant="light"
            icon={<IconKey size={18} />}
            title={t('apiTokens.createdTitle', { name: created.name })}
          >
            <Stack gap="xs">
              <Text size="sm">{t('apiTokens.createdText')}</Text>
              <CopyField label={t('apiTokens.secret')} value={created.token} data-testid="api-token-secret" />
              <Group justify="flex-end">
                <Button size="xs" variant="default" onClick={() => create.reset()}>
                  {t('apiTokens.dismiss')}
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}
      </Card>
      <Card withBorder radius="lg" padding="lg">
        <Group justify="space-between" mb="sm">
          <Title order={2} fz="md">
            {t('apiTokens.activeTitle')}
          </Title>
          <Badge variant="light">{t('apiTokens.count', { count: tokens.length })}</Badge>
        </Group>
        {tokens.length === 0 ? (
          <EmptyNote>{t('apiTokens.empty')}</EmptyNote>
        ) : (
          <Stack gap="xs" role="list">
            {tokens.map((token) => (
              <Group
                key={token.id}
                role="listitem"
                justify="space-between"
                wrap="nowrap"
                py="xs"
                style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
              >
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text fw={600} truncate>
                    {token.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('apiTokens.created', { date: formatDate(token.createdAt, i18n.language) })}
                  </Text>
                </Stack>
                <ConfirmButton
                  size="xs"
                  leftSection={<IconTrash size={14} />}
                  aria-label={t('apiTokens.revokeNamed', { name: token.name })}
                  title={t('apiTokens.revokeTitle')}
                  message={t('apiTokens.revokeText', { name: token.name })}
                  confirmLabel={t('apiTokens.revoke')}
                  onConfirm={() =>
                    revoke.mutateAsync(token.id).then(() => notifySuccess(t('apiTokens.revoked', { name: token.name })))
                  }
                >
                  {t('apiTokens.revoke')}
                </ConfirmButton>
              </Group>
            ))}
          </Stack>
        )}
      </Card>
    </Stack>
  )
}
