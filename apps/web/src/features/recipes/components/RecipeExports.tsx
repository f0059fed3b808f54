import { Button, Card, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core'
import { IconDownload, IconTrash } from '@tabler/icons-react'
import { ConfirmButton } from '@/components/ConfirmButton'
import { EmptyNote, QueryState } from '@/components/QueryState'
import { useStrings } from '@/i18n/use-strings'
import type { RecipeExports as RecipeExportsState } from '@/features/recipes/api/recipe-exports'

/**
 * "Data exports" under the recipe table: the zips bulk exports built, newest first, each with its size, when it was
 * made and when it goes, and a download; a note while one is being built; "Purge exports" (asked first).
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
                {items.map((item) => {
                  const made = when.format(new Date(item.createdAt))
                  return (
                    <Paper component="li" key={item.id} withBorder radius="sm" px="sm" py="xs">
                      <Group justify="space-between" gap="xs" wrap="wrap">
                        <Stack gap={2} style={{ minWidth: 0 }}>
                          <Text size="sm" fw={600}>
                            {t('exports.made', { date: made })}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {t('exports.details', { size: item.size, date: when.format(new Date(item.expires)) })}
                          </Text>
                        </Stack>
                        <Button
                          size="xs"
                          variant="light"
                          leftSection={<IconDownload size={14} />}
                          aria-label={t('exports.downloadItem', { date: made })}
                          loading={exports.download.isPending && exports.download.variables?.id === item.id}
                          onClick={() => exports.download.mutate(item)}
                        >
                          {t('exports.download')}
                        </Button>
                      </Group>
                    </Paper>
                  )
                })}
              </Stack>
            )
          }
        </QueryState>
      </Stack>
    </Card>
  )
}
