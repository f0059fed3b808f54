import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import type { Icon } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from './PageHeader'
import { usePageTitle } from './use-page-title'

/**
 * A page whose capability arrives with a later issue: its title, what it is for, and an honest "nothing here yet".
 * `page` names the keys `pages.<page>.title` and `pages.<page>.description`.
 */
export function EmptyPage(props: { page: string; icon: Icon; children?: ReactNode }) {
  const { t } = useTranslation()
  const title = t(`pages.${props.page}.title`)
  usePageTitle(title)
  const { icon: PageIcon } = props
  return (
    <>
      <PageHeader title={title} description={t(`pages.${props.page}.description`)} icon={PageIcon} />
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} data-testid="empty-state">
        <Stack align="center" gap="sm" ta="center" py="xl">
          <ThemeIcon size={72} radius="xl" variant="light" color="gray">
            <PageIcon size={36} stroke={1.4} />
          </ThemeIcon>
          <Title order={2} fz="lg">
            {t('empty.title')}
          </Title>
          <Text c="dimmed" size="sm" maw={460}>
            {t('empty.text')}
          </Text>
          {props.children}
        </Stack>
      </Paper>
    </>
  )
}
