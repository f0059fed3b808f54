import { Card, SimpleGrid, Skeleton, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { useHouseholdStatistics } from '@/features/households/api/household'

const figures = ['totalRecipes', 'totalUsers', 'totalCategories', 'totalTags', 'totalTools'] as const

/** Counts of what the household holds (docs/web.md "Mealie's screens" profile: statistics cards). */
export function HouseholdStatistics() {
  const { t } = useTranslation()
  const statistics = useHouseholdStatistics()
  if (statistics.isError) return null
  return (
    <SimpleGrid cols={{ base: 2, xs: 3, md: 5 }} spacing="sm">
      {figures.map((figure) => (
        <Card key={figure} withBorder radius="lg" padding="md">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {t(`statistics.${figure}`)}
          </Text>
          {statistics.data ? (
            <Text fz={28} fw={700}>
              {statistics.data[figure]}
            </Text>
          ) : (
            <Skeleton h={34} mt={4} w={48} />
          )}
        </Card>
      ))}
    </SimpleGrid>
  )
}
