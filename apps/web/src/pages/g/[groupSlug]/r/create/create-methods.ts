import type { TFunction } from 'i18next'
import {
  IconBug,
  IconCode,
  IconFileZip,
  IconLink,
  IconListNumbers,
  IconPencilPlus,
  IconPhoto,
} from '@tabler/icons-react'
import type { Subpage } from '@/components/SubpageTabs'

/** The ways to create a recipe (reference §11); debug only for advanced users, as its route guard says. */
export function createMethods(groupSlug: string, advanced: boolean, t: TFunction): Subpage[] {
  const base = `/g/${encodeURIComponent(groupSlug)}/r/create`
  const methods: Subpage[] = [
    { label: t('pages.createUrl.title'), to: `${base}/url`, icon: IconLink },
    { label: t('pages.createNew.title'), to: `${base}/new`, icon: IconPencilPlus },
    { label: t('pages.createBulk.title'), to: `${base}/bulk`, icon: IconListNumbers },
    { label: t('pages.createHtml.title'), to: `${base}/html`, icon: IconCode },
    { label: t('pages.createImage.title'), to: `${base}/image`, icon: IconPhoto },
    { label: t('pages.createZip.title'), to: `${base}/zip`, icon: IconFileZip },
  ]
  if (advanced) methods.push({ label: t('pages.createDebug.title'), to: `${base}/debug`, icon: IconBug })
  return methods
}
