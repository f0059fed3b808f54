import type { ShoppingListPresent } from '@larder/contracts'
import { Avatar, Tooltip } from '@mantine/core'
import { useStrings } from '@/i18n/use-strings'

const nameOf = (person: ShoppingListPresent) => person.fullName || person.username || '?'

/**
 * "Who is here": the other people who have the list open now, as initials (Mantine makes them, and a colour, from the
 * name); their names on hover and for screen readers.
 */
export function PresenceAvatars(props: { people: readonly ShoppingListPresent[] }) {
  const { t } = useStrings('shopping')
  if (props.people.length === 0) return null
  const shown = props.people.slice(0, 3)
  const more = props.people.length - shown.length
  return (
    <Avatar.Group spacing="xs" role="group" aria-label={t('shopping.presence.here')} data-testid="presence">
      {shown.map((person) => (
        <Tooltip key={person.userId} label={nameOf(person)} withArrow>
          <Avatar
            size={30}
            radius="xl"
            color="initials"
            name={nameOf(person)}
            role="img"
            aria-label={t('shopping.presence.person', { name: nameOf(person) })}
          />
        </Tooltip>
      ))}
      {more > 0 && (
        <Avatar size={30} radius="xl" aria-label={t('shopping.presence.more', { count: more })} role="img">
          +{more}
        </Avatar>
      )}
    </Avatar.Group>
  )
}
