import '@/components/styles'
import { IconHome } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/PageHeader'
import { usePageTitle } from '@/components/use-page-title'
import { HouseholdPreferencesForm } from '@/features/households/components/HouseholdPreferencesForm'

export default function HouseholdPage() {
  const { t } = useTranslation()
  usePageTitle(t('pages.household.title'))
  return (
    <>
      <PageHeader title={t('pages.household.title')} description={t('pages.household.description')} icon={IconHome} />
      <HouseholdPreferencesForm />
    </>
  )
}
