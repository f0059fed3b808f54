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
import { paths } from '@/app/paths'

/** The ways to create a recipe (docs/web.md "Mealie's screens"); debug only for advanced users, as its route guard says. */
export function createMethods(groupSlug: string, advanced: boolean, t: TFunction): Subpage[] {
  const method = (name: string) => paths.recipeCreateMethod(groupSlug, name)
  const methods: Subpage[] = [
    { label: t('pages.createUrl.title'), to: method('url'), icon: IconLink },
    { label: t('pages.createNew.title'), to: method('new'), icon: IconPencilPlus },
    { label: t('pages.createBulk.title'), to: method('bulk'), icon: IconListNumbers },
    { label: t('pages.createHtml.title'), to: method('html'), icon: IconCode },
    { label: t('pages.createImage.title'), to: method('image'), icon: IconPhoto },
    { label: t('pages.createZip.title'), to: method('zip'), icon: IconFileZip },
  ]
  if (advanced) methods.push({ label: t('pages.createDebug.title'), to: method('debug'), icon: IconBug })
  return methods
}
