import '@mantine/core/styles/Timeline.css'
import { Alert, Box, Button, Group, Image, Loader, Paper, Stack, Text, Timeline, Title } from '@mantine/core'
import { IconCheck, IconInfoCircle, IconMessage, IconTrash } from '@tabler/icons-react'
import type { RecipeTimelineEvent } from '@larder/contracts'
import { useAuth } from '@/features/auth'
import { formatMediumDate } from '@/i18n/medium-date'
import { useStrings } from '@/i18n/use-strings'
import { ConfirmIconButton } from './ConfirmIconButton'
import { RecipeMarkdown } from '@/features/recipes/components/RecipeMarkdown'
import { timelineImageUrl, useDeleteTimelineEvent, useRecipeTimeline } from '@/features/recipes/api/timeline'

function EventIcon({ event }: { event: RecipeTimelineEvent }) {
  if (event.eventType === 'comment') return <IconMessage size={14} aria-hidden="true" />
  if (event.subject === 'Made it') return <IconCheck size={14} aria-hidden="true" />
  return <IconInfoCircle size={14} aria-hidden="true" />
}

/** The recipe's timeline, newest first ("show more" for older events), with pictures; one's own events delete. */
export function RecipeTimeline(props: { recipe: { id: string; name: string } }) {
  const { t, i18n } = useStrings('recipes')
  const { user } = useAuth()
  const timeline = useRecipeTimeline(props.recipe.id)
  const remove = useDeleteTimelineEvent(props.recipe.id)
  const events = timeline.data?.pages.flatMap((page) => page.items) ?? []
  const subjectOf = (event: RecipeTimelineEvent) =>
    event.subject === 'Made it' ? t('social.madeItSubject') : event.subject

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="recipe-timeline-title">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="recipe-timeline-title">
          {t('social.timeline')}
        </Title>
        {timeline.isLoading && <Loader size="sm" role="status" aria-label={t('common.loading')} />}
        {timeline.isError && (
          <Alert color="error" variant="light">
            <Group justify="space-between" gap="xs">
              <Text size="sm">{t('social.timelineFailed')}</Text>
              <Button size="compact-sm" variant="default" onClick={() => void timeline.refetch()}>
                {t('common.retry')}
              </Button>
            </Group>
          </Alert>
        )}
        {timeline.isSuccess && events.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('social.timelineEmpty')}
          </Text>
        )}
        {events.length > 0 && (
          <Timeline bulletSize={24} lineWidth={2} color="primary" data-testid="recipe-timeline">
            {events.map((event) => {
              const canDelete = user !== null && (event.userId === user.id || user.admin)
              return (
                <Timeline.Item key={event.id} bullet={<EventIcon event={event} />}>
                  <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                    <Box>
                      <Text fw={600} size="sm" component="h3" m={0}>
                        {subjectOf(event)}
                      </Text>
                      <Text size="xs" c="dimmed" component="time" dateTime={event.timestamp}>
                        {formatMediumDate(i18n.language, new Date(event.timestamp))}
                      </Text>
                    </Box>
                    {canDelete && (
                      <ConfirmIconButton
                        label={t('social.deleteEvent', {
                          date: formatMediumDate(i18n.language, new Date(event.timestamp)),
                        })}
                        title={t('social.deleteEventTitle')}
                        message={t('social.deleteEventText')}
                        icon={<IconTrash size={16} aria-hidden="true" />}
                        disabled={remove.isPending}
                        onConfirm={() => remove.mutate(event.id)}
                      />
                    )}
                  </Group>
                  {event.eventMessage && (
                    <Box fz="sm" mt={4}>
                      <RecipeMarkdown>{event.eventMessage}</RecipeMarkdown>
                    </Box>
                  )}
                  {event.image === 'has image' && (
                    <Image
                      src={timelineImageUrl(event)}
                      alt={t('social.eventPhoto', { name: props.recipe.name })}
                      radius="md"
                      mt="xs"
                      maw={320}
                      loading="lazy"
                      width={320}
                      height={240}
                      w="100%"
                      h="auto"
                      style={{ aspectRatio: '4 / 3', objectFit: 'cover' }}
                    />
                  )}
                </Timeline.Item>
              )
            })}
          </Timeline>
        )}
        {timeline.hasNextPage && (
          <Button
            variant="default"
            size="compact-sm"
            w="fit-content"
            loading={timeline.isFetchingNextPage}
            onClick={() => void timeline.fetchNextPage()}
          >
            {t('social.showMore')}
          </Button>
        )}
      </Stack>
    </Paper>
  )
}
