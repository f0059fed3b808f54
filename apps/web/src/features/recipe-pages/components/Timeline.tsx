import type { RecipeTimelineEvent } from '@larder/contracts'
import { ActionIcon, Anchor, Button, Chip, Group, Image, Paper, Stack, Text, ThemeIcon } from '@mantine/core'
import { IconInfoCircle, IconMessage, IconSettings, IconTimeline, IconTrash } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { Link } from 'react-router'
import '@mantine/core/styles/Chip.css'
import '@mantine/core/styles/Image.css'
import { DeleteDialog } from '@/components/data-table/DeleteDialog'
import { EmptyNote, QueryState } from '@/components/QueryState'
import { notifySuccess } from '@/components/feedback'
import { groupMembersQuery } from '@/features/groups/api/group'
import { useStrings } from '@/i18n/use-strings'
import { paths } from '@/app/paths'
import {
  timelineEventTypes,
  timelineImageUrl,
  useDeleteTimelineEvent,
  useTimeline,
  type TimelineEventType,
} from '@/features/recipe-pages/api/timeline'

const typeIcons = { info: IconInfoCircle, system: IconSettings, comment: IconMessage } as const
const typeColors = { info: 'blue', system: 'gray', comment: 'teal' } as const

function EventItem(props: {
  event: RecipeTimelineEvent
  groupSlug: string
  userName: string
  own: boolean
  onDelete: () => void
}) {
  const { t, i18n } = useStrings('recipe-pages')
  const { event } = props
  const TypeIcon = typeIcons[event.eventType]
  const when = new Date(event.timestamp)
  return (
    <Paper withBorder radius="lg" p="sm" component="li" style={{ listStyle: 'none' }} data-testid="timeline-event">
      <Group align="flex-start" wrap="nowrap" gap="sm">
        <ThemeIcon
          variant="light"
          color={typeColors[event.eventType]}
          radius="xl"
          size="lg"
          aria-label={t(`timeline.type.${event.eventType}`)}
          role="img"
        >
          <TypeIcon size={18} />
        </ThemeIcon>
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Anchor component={Link} to={paths.groupRecipe(props.groupSlug, event.recipe.slug)} fw={600}>
                {event.recipe.name}
              </Anchor>
              <Text size="xs" c="dimmed">
                {props.userName} ·{' '}
                <time dateTime={event.timestamp}>
                  {when.toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })}
                </time>
              </Text>
            </Stack>
            {props.own && (
              <ActionIcon variant="subtle" color="error" aria-label={t('timeline.deleteOne')} onClick={props.onDelete}>
                <IconTrash size={16} />
              </ActionIcon>
            )}
          </Group>
          <Text size="sm" fw={500}>
            {event.subject}
          </Text>
          {event.eventMessage && (
            <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {event.eventMessage}
            </Text>
          )}
          {event.image === 'has image' && (
            <Image
              src={timelineImageUrl(event)}
              alt={t('timeline.imageOf', { recipe: event.recipe.name })}
              radius="md"
              maw={320}
              mah={240}
              fit="cover"
              loading="lazy"
            />
          )}
        </Stack>
      </Group>
    </Paper>
  )
}

/**
 * `/g/:groupSlug/recipes/timeline`: the group's recipe events newest first, page after page, filtered by type; the
 * user's own events can be deleted.
 */
export function Timeline(props: { groupSlug: string; groupId: string; userId: string }) {
  const { t } = useStrings('recipe-pages')
  const [types, setTypes] = useState<TimelineEventType[]>([])
  const timeline = useTimeline(props.groupId, types)
  const members = useQuery(groupMembersQuery)
  const remove = useDeleteTimelineEvent()
  const [deleting, setDeleting] = useState<RecipeTimelineEvent[] | null>(null)

  // Infinite loading: the "older events" button asks for the next page as soon as it scrolls into view.
  const more = useRef<HTMLButtonElement | null>(null)
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = timeline
  const [moreShown, setMoreShown] = useState(false)
  useEffect(() => {
    const button = more.current
    if (!button || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver((entries) => setMoreShown(entries.some((entry) => entry.isIntersecting)))
    observer.observe(button)
    return () => observer.disconnect()
  })
  useEffect(() => {
    if (moreShown && hasNextPage && !isFetchingNextPage) void fetchNextPage({ cancelRefetch: false })
  }, [moreShown, hasNextPage, isFetchingNextPage, fetchNextPage])

  const nameOf = (userId: string) => {
    if (userId === props.userId) return t('timeline.you')
    const member = members.data?.items.find((item) => item.id === userId)
    return member?.fullName || member?.username || t('timeline.someone')
  }

  return (
    <Stack gap="md">
      <Chip.Group multiple value={types} onChange={(value) => setTypes(value)}>
        <Group gap="xs" role="group" aria-label={t('timeline.types')}>
          {timelineEventTypes.map((type) => (
            <Chip key={type} value={type} variant="light">
              {t(`timeline.type.${type}`)}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      <QueryState query={{ ...timeline, data: timeline.data }}>
        {(data) => {
          const events = data.pages.flatMap((page) => page.items)
          if (events.length === 0) {
            return types.length > 0 ? (
              <EmptyNote>{t('timeline.noneOfType')}</EmptyNote>
            ) : (
              <Paper withBorder radius="lg" p="xl" data-testid="timeline-empty">
                <Stack align="center" gap="sm" ta="center">
                  <ThemeIcon size={56} radius="xl" variant="light" color="gray">
                    <IconTimeline size={30} stroke={1.4} />
                  </ThemeIcon>
                  <Text fw={600}>{t('timeline.none')}</Text>
                  <Text size="sm" c="dimmed" maw={420}>
                    {t('timeline.noneHint')}
                  </Text>
                </Stack>
              </Paper>
            )
          }
          return (
            <Stack gap="sm">
              <Stack component="ul" gap="sm" p={0} m={0} aria-label={t('timeline.eventsLabel')}>
                {events.map((event) => (
                  <EventItem
                    key={event.id}
                    event={event}
                    groupSlug={props.groupSlug}
                    userName={nameOf(event.userId)}
                    own={event.userId === props.userId}
                    onDelete={() => setDeleting([event])}
                  />
                ))}
              </Stack>
              {timeline.hasNextPage ? (
                <Button
                  ref={more}
                  variant="default"
                  onClick={() => void timeline.fetchNextPage({ cancelRefetch: false })}
                  loading={timeline.isFetchingNextPage}
                  style={{ alignSelf: 'center' }}
                >
                  {t('timeline.loadMore')}
                </Button>
              ) : (
                <Text size="xs" c="dimmed" ta="center">
                  {t('timeline.end')}
                </Text>
              )}
            </Stack>
          )
        }}
      </QueryState>
      <DeleteDialog
        items={deleting}
        nameOf={(event) => event.subject}
        title={t('timeline.deleteTitle')}
        message={deleting?.[0] ? t('timeline.deleteMessage', { subject: deleting[0].subject }) : undefined}
        deleteItem={(event) => remove.mutateAsync(event)}
        onClose={() => setDeleting(null)}
        onDeleted={(deleted) => deleted.length > 0 && notifySuccess(t('timeline.deleted'))}
      />
    </Stack>
  )
}
