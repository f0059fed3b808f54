import type { TFunction } from 'i18next'
import {
  IconBolt,
  IconCarrot,
  IconCategory,
  IconRuler2,
  IconTag,
  IconTags,
  IconTools,
  IconToolsKitchen2,
} from '@tabler/icons-react'
import type { Subpage } from '@/components/SubpageTabs'
import { paths } from '@/app/paths'

/** The kinds of group data that can be managed in bulk. */
export function dataTypes(t: TFunction): Subpage[] {
  return [
    { label: t('pages.dataRecipes.title'), to: paths.groupDataType('recipes'), icon: IconToolsKitchen2 },
    { label: t('pages.dataFoods.title'), to: paths.groupDataType('foods'), icon: IconCarrot },
    { label: t('pages.dataUnits.title'), to: paths.groupDataType('units'), icon: IconRuler2 },
    { label: t('pages.dataLabels.title'), to: paths.groupDataType('labels'), icon: IconTag },
    { label: t('pages.dataCategories.title'), to: paths.groupDataType('categories'), icon: IconCategory },
    { label: t('pages.dataTags.title'), to: paths.groupDataType('tags'), icon: IconTags },
    { label: t('pages.dataTools.title'), to: paths.groupDataType('tools'), icon: IconTools },
    { label: t('pages.dataRecipeActions.title'), to: paths.groupDataType('recipe-actions'), icon: IconBolt },
  ]
}
