import type { UserOut } from '@larder/contracts'
import { Card, Group, SimpleGrid, Text, ThemeIcon } from '@mantine/core'
import {
  IconApi,
  IconChevronRight,
  IconHeart,
  IconHome,
  IconUserEdit,
  IconUsers,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { paths } from '@/app/paths'

interface ProfileLink {
  to: string
  title: string
  text: string
  icon: Icon
}

/** Link cards to the settings pages the person may open (the routes' guards decide which). */
export function ProfileLinks({ user }: { user: UserOut }) {
  const { t } = useTranslation()
  const links: ProfileLink[] = [
    {
      to: paths.profileEdit,
      title: t('pages.profileEdit.title'),
      text: t('profile.links.edit'),
      icon: IconUserEdit,
    },
    {
      to: paths.favorites(user.id),
      title: t('pages.favorites.title'),
      text: t('profile.links.favorites'),
      icon: IconHeart,
    },
  ]
  if (user.advanced) {
    links.push({
      to: paths.apiTokens,
      title: t('pages.apiTokens.title'),
      text: t('profile.links.apiTokens'),
      icon: IconApi,
    })
  }
  if (user.canManageHousehold) {
    links.push(
      { to: paths.household, title: t('pages.household.title'), text: t('profile.links.household'), icon: IconHome },
      {
        to: paths.householdMembers,
        title: t('pages.members.title'),
        text: t('profile.links.members'),
        icon: IconUsers,
      },
    )
  }
  if (user.canManage) {
    links.push({
      to: paths.groupSettings,
      title: t('pages.group.title'),
      text: t('profile.links.group'),
      icon: IconUsersGroup,
    })
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
      {links.map((link) => (
        <Card
          key={link.to}
          withBorder
          radius="lg"
          padding="md"
          component={Link}
          to={link.to}
          className="larder-link-card"
        >
          <Group wrap="nowrap" gap="md">
            <ThemeIcon variant="light" size={40} radius="md">
              <link.icon size={22} />
            </ThemeIcon>
            <div style={{ flex: 1, minWidth: 0 }}>
              <Text fw={600}>{link.title}</Text>
              <Text size="sm" c="dimmed">
                {link.text}
              </Text>
            </div>
            <IconChevronRight size={18} color="var(--mantine-color-dimmed)" />
          </Group>
        </Card>
      ))}
    </SimpleGrid>
  )
}
