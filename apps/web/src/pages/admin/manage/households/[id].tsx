import '@/components/styles'
import { IconHome } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useParams } from 'react-router'
import { PageHeader } from '@/components/PageHeader'
import { usePageTitle } from '@/components/use-page-title'
import { HouseholdDetail } from '@/features/admin/components/HouseholdDetail'
import {
  HouseholdPreferencesEditor,
  preferenceValuesOf,
} from '@/features/households/components/HouseholdPreferencesEditor'
import { BackLink } from '@/components/BackLink'
import { paths } from '@/app/paths'

export default function AdminHouseholdPage() {
  const { t } = useTranslation()
  const { id = '' } = useParams()
  const navigate = useNavigate()
  usePageTitle(t('pages.adminHousehold.title'))
  return (
    <>
      <BackLink to={paths.adminHouseholds} label={t('pages.adminHouseholds.title')} />
      <PageHeader
        title={t('pages.adminHousehold.title')}
        description={t('pages.adminHousehold.description')}
        icon={IconHome}
      />
      <HouseholdDetail
        key={id}
        id={id}
        toValues={preferenceValuesOf}
        preferencesEditor={(props) => <HouseholdPreferencesEditor {...props} />}
        onDeleted={() => void navigate(paths.adminHouseholds)}
      />
    </>
  )
}
