import { Badge, Card, Group, SimpleGrid, Text, ThemeIcon } from '@mantine/core'
import { IconDatabase } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { useStrings } from '@/i18n/use-strings'
import { Link } from 'react-router'
import { PageHeader } from '@/components/PageHeader'
import { usePageTitle } from '@/components/use-page-title'
import { paths } from '@/app/paths'
import type { RouteQuery } from '@/routes/route-page'
import { dataCountQueries } from './data-counts'
import { dataTypes } from './data-types'

/** How many rows a data type has, once its list has answered. */
function Count({ query, label }: { query: RouteQuery; label: string }) {
  const { t } = useStrings('organize')
  const count = useQuery(query)
  const total = (count.data as { total?: number } | undefined)?.total
  if (total === undefined) return null
  return (
    <Badge variant="light" size="lg" radius="sm" aria-label={t('table.countOf', { number: total, type: label })}>
      {total}
    </Badge>
  )
}

/** Data management's default page: pick which data to manage, each with how many rows it has. */
export default function DataManagementIndexPage() {
  const { t } = useStrings('organize')
  usePageTitle(t('pages.dataManagement.title'))
  return (
    <>
      <PageHeader
        title={t('pages.dataManagement.title')}
        description={t('pages.dataManagement.description')}
        icon={IconDatabase}
      />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        {dataTypes(t).map((type) => {
          const TypeIcon = type.icon
          const key = type.to.slice(paths.groupDataType('').length)
          const query = dataCountQueries[key]
          return (
            <Card key={type.to} component={Link} to={type.to} withBorder radius="lg" padding="md">
              <Group wrap="nowrap" gap="md">
                <ThemeIcon size={40} radius="md" variant="light">
                  <TypeIcon size={22} />
                </ThemeIcon>
                <Text fw={600} style={{ flex: 1 }}>
                  {type.label}
                </Text>
                {query && <Count query={query} label={type.label} />}
              </Group>
            </Card>
          )
        })}
      </SimpleGrid>
    </>
  )
}
