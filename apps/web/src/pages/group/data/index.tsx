import { Card, SimpleGrid, Text, ThemeIcon } from '@mantine/core'
import { IconDatabase } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { PageHeader } from '@/components/PageHeader'
import { usePageTitle } from '@/components/use-page-title'
import { dataTypes } from './data-types'

/** Data management's default page: pick which data to manage. */
export default function DataManagementIndexPage() {
  const { t } = useTranslation()
  usePageTitle(t('pages.dataManagement.title'))
  return (
    <>
      <PageHeader
        title={t('pages.dataManagement.title')}
        description={t('pages.dataManagement.description')}
        icon={IconDatabase}
      />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        {dataTypes(t).map((type) => {
          const TypeIcon = type.icon
          return (
            <Card key={type.to} component={Link} to={type.to} withBorder radius="lg" padding="lg">
              <ThemeIcon size={40} radius="md" variant="light" mb="sm">
                <TypeIcon size={22} />
              </ThemeIcon>
              <Text fw={600}>{type.label}</Text>
            </Card>
          )
        })}
      </SimpleGrid>
    </>
  )
}
