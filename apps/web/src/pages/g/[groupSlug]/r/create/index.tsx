import { Anchor, Card, Group, SimpleGrid, Text, ThemeIcon } from '@mantine/core'
import { IconPlus, IconTransfer } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { PageHeader } from '@/components/PageHeader'
import { usePageTitle } from '@/components/use-page-title'
import { useAuth } from '@/features/auth/app-session'
import { paths } from '@/app/paths'
import { createMethods } from './create-methods'

/** The creation hub's default page: pick a way to add a recipe. */
export default function CreateRecipeIndexPage() {
  const { t } = useTranslation()
  const { groupSlug = '' } = useParams()
  const { user } = useAuth()
  usePageTitle(t('pages.createRecipe.title'))
  return (
    <>
      <PageHeader
        title={t('pages.createRecipe.title')}
        description={t('pages.createRecipe.description')}
        icon={IconPlus}
      />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {createMethods(groupSlug, user?.advanced ?? false, t).map((method) => {
          const MethodIcon = method.icon
          return (
            <Card key={method.to} component={Link} to={method.to} withBorder radius="lg" padding="lg">
              <ThemeIcon size={40} radius="md" variant="light" mb="sm">
                <MethodIcon size={22} />
              </ThemeIcon>
              <Text fw={600}>{method.label}</Text>
            </Card>
          )
        })}
      </SimpleGrid>
      {user?.advanced && (
        <Anchor component={Link} to={paths.groupMigrations} size="sm" mt="lg" display="inline-flex">
          <Group gap={6}>
            <IconTransfer size={16} />
            {t('pages.migrations.description')}
          </Group>
        </Anchor>
      )}
    </>
  )
}
