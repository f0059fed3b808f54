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

/** The kinds of group data that can be managed in bulk. */
export function dataTypes(t: TFunction): Subpage[] {
  return [
    { label: t('pages.dataRecipes.title'), to: '/group/data/recipes', icon: IconToolsKitchen2 },
    { label: t('pages.dataFoods.title'), to: '/group/data/foods', icon: IconCarrot },
    { label: t('pages.dataUnits.title'), to: '/group/data/units', icon: IconRuler2 },
    { label: t('pages.dataLabels.title'), to: '/group/data/labels', icon: IconTag },
    { label: t('pages.dataCategories.title'), to: '/group/data/categories', icon: IconCategory },
    { label: t('pages.dataTags.title'), to: '/group/data/tags', icon: IconTags },
    { label: t('pages.dataTools.title'), to: '/group/data/tools', icon: IconTools },
    { label: t('pages.dataRecipeActions.title'), to: '/group/data/recipe-actions', icon: IconBolt },
  ]
}
