import type { ReadPlanEntry } from '@larder/contracts'
import { useDraggable } from '@dnd-kit/core'
import { CSS } from '@dnd-kit/utilities'
import { ActionIcon, Anchor, Box, Group, Menu, Paper, Stack, Text, Tooltip } from '@mantine/core'
import {
  IconDots,
  IconGripVertical,
  IconLock,
  IconLockOpen,
  IconNote,
  IconPencil,
  IconTrash,
} from '@tabler/icons-react'
import { Link } from 'react-router'
import { useStrings } from '@/i18n/use-strings'
import { paths } from '@/app/paths'
import { RecipeImage } from '@/features/recipes'

/** What a planned meal is called: its recipe's name, else its note's title. */
export function entryName(entry: ReadPlanEntry, untitled: string): string {
  return entry.recipe?.name ?? (entry.title.trim() || untitled)
}

export interface EntryActions {
  onEdit: (entry: ReadPlanEntry) => void
  onToggleLock: (entry: ReadPlanEntry) => void
  onDelete: (entry: ReadPlanEntry) => void
}

/** Servings as the locale writes numbers (2.5, 2,5). */
const formatServings = (servings: number, language: string) =>
  new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(servings)

/** Names break between words; a word longer than the column breaks inside, rather than overflowing it. */
const nameWrapping = { overflowWrap: 'break-word', wordBreak: 'normal', hyphens: 'auto' } as const

/** The card of a planned meal: the recipe (a link to it) or the note. */
function EntryBody(props: { entry: ReadPlanEntry; groupSlug: string; name: string; narrow?: boolean }) {
  const { t, i18n } = useStrings('mealplans')
  const { entry } = props
  return (
    <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
      <Group gap={4} wrap="nowrap">
        {entry.recipe ? (
          <Anchor
            component={Link}
            to={paths.groupRecipe(props.groupSlug, entry.recipe.slug)}
            size="sm"
            fw={600}
            lineClamp={props.narrow ? 3 : 2}
            style={nameWrapping}
          >
            {props.name}
          </Anchor>
        ) : (
          <Text size="sm" fw={600} lineClamp={props.narrow ? 3 : 2} style={nameWrapping}>
            {/* In the text's flow, not beside it: in a narrow day a word that does not fit after the icon goes to
                the next line whole, where beside it the word was cut ("Leftover s"). */}
            <IconNote
              size={14}
              aria-label={t('mealplans.entry.note')}
              style={{ verticalAlign: '-2px', marginInlineEnd: 4 }}
            />
            {props.name}
          </Text>
        )}
        {entry.locked && (
          <Tooltip label={t('mealplans.entry.locked')} withArrow>
            <IconLock size={14} aria-label={t('mealplans.entry.locked')} style={{ flexShrink: 0 }} />
          </Tooltip>
        )}
      </Group>
      {entry.recipe && entry.servings != null && (
        <Text size="xs" c="dimmed" data-testid="plan-entry-servings">
          {t('mealplans.entry.servings', { servings: formatServings(entry.servings, i18n.language) })}
        </Text>
      )}
      {!entry.recipe && entry.text && (
        <Text size="xs" c="dimmed" lineClamp={3} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {entry.text}
        </Text>
      )}
    </Stack>
  )
}

/** A planned meal as the week shows it. */
export function EntryCard(props: { entry: ReadPlanEntry; groupSlug: string; narrow?: boolean }) {
  const { t } = useStrings('mealplans')
  const name = entryName(props.entry, t('mealplans.entry.untitled'))
  return (
    <Paper withBorder radius="md" p="xs" data-testid="plan-entry">
      <Group gap="xs" wrap="nowrap" align="flex-start">
        {/* A week's column is too narrow for the picture beside the name: the name is what a planner reads. */}
        {props.entry.recipe && !props.narrow && (
          <div style={{ width: 44, flexShrink: 0 }}>
            <RecipeImage
              recipeId={props.entry.recipe.id}
              image={props.entry.recipe.image}
              name={props.entry.recipe.name}
              size="tiny-original"
              width={44}
              height={44}
              radius="var(--mantine-radius-sm)"
            />
          </div>
        )}
        <EntryBody entry={props.entry} groupSlug={props.groupSlug} name={name} narrow={props.narrow} />
      </Group>
    </Paper>
  )
}

/**
 * A planned meal in edit mode: a drag handle (pointer, or Space, arrows and Space from the keyboard) and a menu with
 * Move…, Lock/Unlock and Delete.
 */
export function EditableEntryCard(props: {
  entry: ReadPlanEntry
  groupSlug: string
  actions: EntryActions
  /** In a week's column: the handle and menu above the name, which then has the card's whole width. */
  narrow?: boolean
}) {
  const { t } = useStrings('mealplans')
  const { entry, actions } = props
  const name = entryName(entry, t('mealplans.entry.untitled'))
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id: `entry-${entry.id}`,
    data: { entry },
  })
  const handle = (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="sm"
      aria-label={t('mealplans.entry.drag', { name })}
      style={{ cursor: 'grab', touchAction: 'none' }}
      {...attributes}
      {...listeners}
    >
      <IconGripVertical size={14} />
    </ActionIcon>
  )
  const menu = (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="sm" aria-label={t('mealplans.entry.actions', { name })}>
          <IconDots size={14} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => actions.onEdit(entry)}>
          {t('mealplans.entry.edit')}
        </Menu.Item>
        <Menu.Item
          leftSection={entry.locked ? <IconLockOpen size={16} /> : <IconLock size={16} />}
          onClick={() => actions.onToggleLock(entry)}
        >
          {entry.locked ? t('mealplans.entry.unlock') : t('mealplans.entry.lock')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          leftSection={<IconTrash size={16} color="var(--mantine-color-error-filled)" />}
          onClick={() => actions.onDelete(entry)}
        >
          {t('mealplans.entry.delete')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  )
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      radius="md"
      p={4}
      data-testid="plan-entry"
      style={{
        transform: CSS.Translate.toString(transform),
        opacity: isDragging ? 0.6 : undefined,
        zIndex: isDragging ? 10 : undefined,
        position: 'relative',
        touchAction: 'manipulation',
      }}
    >
      {props.narrow ? (
        <Stack gap={0}>
          <Group justify="space-between" wrap="nowrap">
            {handle}
            {menu}
          </Group>
          <Box px={4} pb={2}>
            <EntryBody entry={entry} groupSlug={props.groupSlug} name={name} narrow />
          </Box>
        </Stack>
      ) : (
        <Group gap={4} wrap="nowrap" align="flex-start">
          {handle}
          <EntryBody entry={entry} groupSlug={props.groupSlug} name={name} />
          {menu}
        </Group>
      )}
    </Paper>
  )
}
