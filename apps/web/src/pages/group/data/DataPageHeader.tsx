import type { Icon } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/PageHeader'
import { usePageTitle } from '@/components/use-page-title'

/** The title and description of one data page (`pages.<page>.title`, `.description`), also as the tab's title. */
export function DataPageHeader({ page, icon }: { page: string; icon: Icon }) {
  const { t } = useTranslation()
  const title = t(`pages.${page}.title`)
  usePageTitle(title)
  return <PageHeader title={title} description={t(`pages.${page}.description`)} icon={icon} />
}
