import '@/components/styles'
import { Button } from '@mantine/core'
import { IconBuildingStore, IconHome } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { paths } from '@/app/paths'
import { PageHeader } from '@/components/PageHeader'
import { usePageTitle } from '@/components/use-page-title'
import { HouseholdPreferencesForm } from '@/features/households/components/HouseholdPreferencesForm'

export default function HouseholdPage() {
  const { t } = useTranslation()
  usePageTitle(t('pages.household.title'))
  return (
    <>
      <PageHeader
        title={t('pages.household.title')}
        description={t('pages.household.description')}
        icon={IconHome}
        actions={
          <Button
            component={Link}
            to={paths.householdShoppingStores}
            variant="default"
            leftSection={<IconBuildingStore size={16} />}
          >
            {t('pages.household.shoppingStores')}
          </Button>
        }
      />
      <HouseholdPreferencesForm />
    </>
  )
}
