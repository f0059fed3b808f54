import { Button, Card, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core'
import type { GroupDataExport } from '@larder/contracts'
import { IconDownload, IconRefresh, IconTrash, IconX } from '@tabler/icons-react'
import { ConfirmButton } from '@/components/ConfirmButton'
import { EmptyNote, QueryState } from '@/components/QueryState'
import { useStrings } from '@/i18n/use-strings'
import type { RecipeExports as RecipeExportsState } from '@/features/recipes/api/recipe-exports'

/** A darker red on light, a lighter one on dark: the small text keeps its contrast in both schemes. */
const failedTextColor = 'light-dark(var(--mantine-color-red-8), var(--mantine-color-red-4))'

/** One export: its date and, by its state, a note while it builds, the reason it failed with retry and dismiss, or
 * its size, expiry and download. */
function ExportItem(props: { item: GroupDataExport; exports: RecipeExportsState; when: Intl.DateTimeFormat }) {
  const { item, exports, when } = props
  const { t } = useStrings('organize')
  const made = when.format(new Date(item.createdAt))
  const pendingFor = (mutation: { isPending: boolean; variables?: GroupDataExport }) =>
    mutation.isPending && mutation.variables?.id === item.id
  return (
    <Paper component="li" withBorder radius="sm" px="sm" py="xs">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text size="sm" fw={600}>
            {t('exports.made', { date: made })}
          </Text>
          {item.status === 'building' && (
            <Group gap={6}>
              <Loader size={12} />
              <Text size="xs" c="dimmed">
                {t('exports.buildingItem')}
              </Text>
            </Group>
          )}
          {item.status === 'failed' && (
            <Text size="xs" style={{ overflowWrap: 'anywhere', color: failedTextColor }}>
              {t('exports.failed', { reason: item.error ?? '' })}
            </Text>
          )}
          {item.status === 'ready' && (
            <Text size="xs" c="dimmed">
              {t('exports.details', { size: item.size, date: when.format(new Date(item.expires)) })}
            </Text>
          )}
        </Stack>
        {item.status === 'failed' && (
          <Group gap="xs">
            <Button
              size="xs"
              variant="light"
              leftSection={<IconRefresh size={14} />}
              aria-label={t('exports.retryItem', { date: made })}
              loading={pendingFor(exports.retry)}
              onClick={() => exports.retry.mutate(item)}
            >
              {t('exports.retry')}
            </Button>
            <Button
              size="xs"
              variant="subtle"
              color="gray"
              c="var(--mantine-color-text)"
              leftSection={<IconX size={14} />}
              aria-label={t('exports.dismissItem', { date: made })}
              loading={pendingFor(exports.dismiss)}
              onClick={() => exports.dismiss.mutate(item)}
            >
              {t('exports.dismiss')}
            </Button>
          </Group>
        )}
        {item.status === 'ready' && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconDownload size={14} />}
            aria-label={t('exports.downloadItem', { date: made })}
            loading={pendingFor(exports.download)}
            onClick={() => exports.download.mutate(item)}
          >
            {t('exports.download')}
          </Button>
        )}
      </Group>
    </Paper>
  )
}

/**
 * "Data exports" under the recipe table: the zips bulk exports built, newest first, each with when it was made and,
 * by its state, building, failed (retry, dismiss) or its size, expiry and download; "Purge exports" (asked first).
 */
export function RecipeExports({ exports }: { exports: RecipeExportsState }) {
  const { t, i18n } = useStrings('organize')
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })
  const count = exports.list.data?.length ?? 0
  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-labelledby="recipe-exports-title">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="sm" wrap="wrap">
            <Title order={2} fz="lg" id="recipe-exports-title">
              {t('exports.title')}
            </Title>
            <Group gap={6} aria-live="polite">
              {exports.building && (
                <>
                  <Loader size="xs" />
                  <Text size="sm">{t('exports.building')}</Text>
                </>
              )}
            </Group>
          </Group>
          <ConfirmButton
            size="xs"
            leftSection={<IconTrash size={14} />}
            disabled={count === 0}
            title={t('exports.purgeTitle')}
            message={t('exports.purgeMessage', { count })}
            confirmLabel={t('exports.purge')}
            onConfirm={() => exports.purge.mutateAsync()}
          >
            {t('exports.purge')}
          </ConfirmButton>
        </Group>
        <Text size="sm" c="dimmed">
          {t('exports.intro')}
        </Text>
        <QueryState query={exports.list}>
          {(items) =>
            items.length === 0 ? (
              <EmptyNote>{t('exports.empty')}</EmptyNote>
            ) : (
              <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                {items.map((item) => (
                  <ExportItem key={item.id} item={item} exports={exports} when={when} />
                ))}
              </Stack>
            )
          }
        </QueryState>
      </Stack>
    </Card>
  )
}
