import { ActionIcon, Alert, Button, Divider, Group, Loader, Stack, Text, Title } from '@mantine/core'
import { IconLink, IconTrash } from '@tabler/icons-react'
import { CopyField } from '@/components/CopyField'
import { DialogShell } from '@/components/DialogShell'
import { formatMediumDate } from '@/i18n/medium-date'
import { useStrings } from '@/i18n/use-strings'
import { paths } from '@/app/paths'
import { unshownError } from './unshown-error'
import { sharedRecipePath, useShareTokenMutations, useShareTokens } from '@/features/recipes/api/share-tokens'

/**
 * Sharing a recipe: the page's own address (for members of the group), and share links anyone can open signed-out
 * until they expire — created, copied and revoked here.
 */
export function ShareDialog(props: {
  recipe: { id: string; slug: string; name: string }
  groupSlug: string
  opened: boolean
  onClose: () => void
}) {
  const { t, i18n } = useStrings('recipes')
  const tokens = useShareTokens(props.recipe.id, props.opened)
  const { create, revoke } = useShareTokenMutations(props.recipe.id)
  const origin = window.location.origin
  const pageUrl = `${origin}${paths.groupRecipe(props.groupSlug, props.recipe.slug)}`
  const live = tokens.data ?? []
  const failure = unshownError(create.error) ?? unshownError(revoke.error)

  return (
    <DialogShell
      opened={props.opened}
      onClose={props.onClose}
      title={t('social.shareTitle', { name: props.recipe.name })}
      size="lg"
    >
      <Stack gap="md">
        <CopyField
          label={t('social.pageLink')}
          description={t('social.pageLinkHelp')}
          value={pageUrl}
          data-testid="page-link"
        />
        <Divider />
        <Stack gap="xs">
          <Title order={3} fz="md">
            {t('social.shareLinks')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('social.shareLinksHelp')}
          </Text>
          {tokens.isLoading && <Loader size="sm" role="status" aria-label={t('common.loading')} />}
          {tokens.isSuccess && live.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('social.noShareLinks')}
            </Text>
          )}
          {live.map((token) => (
            <Group key={token.id} align="flex-end" gap="xs" wrap="nowrap" data-testid="share-token">
              <div style={{ flex: 1, minWidth: 0 }}>
                <CopyField
                  label={t('social.shareLink')}
                  description={t('social.expires', {
                    date: formatMediumDate(i18n.language, new Date(token.expiresAt)),
                  })}
                  value={`${origin}${sharedRecipePath(props.groupSlug, token.id)}`}
                />
              </div>
              <ActionIcon
                variant="default"
                size={36}
                color="error"
                aria-label={t('social.revoke', { date: formatMediumDate(i18n.language, new Date(token.expiresAt)) })}
                disabled={revoke.isPending}
                onClick={() => revoke.mutate(token.id)}
              >
                <IconTrash size={16} aria-hidden="true" />
              </ActionIcon>
            </Group>
          ))}
          {failure && (
            <Alert color="error" variant="light" role="alert">
              {failure}
            </Alert>
          )}
          <Button
            variant="light"
            w="fit-content"
            leftSection={<IconLink size={16} aria-hidden="true" />}
            loading={create.isPending}
            onClick={() => create.mutate()}
          >
            {t('social.createShareLink')}
          </Button>
        </Stack>
      </Stack>
    </DialogShell>
  )
}
