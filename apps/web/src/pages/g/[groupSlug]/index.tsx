import { Button } from '@mantine/core'
import { IconChefHat, IconPlus } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { EmptyPage } from '@/components/EmptyPage'
import { paths } from '@/routes/paths'

/** The group's recipe home; the recipe explorer replaces this empty state with the recipes issue. */
export default function GroupHomePage() {
  const { t } = useTranslation()
  const { groupSlug = '' } = useParams()
  return (
    <EmptyPage page="groupHome" icon={IconChefHat}>
      <Button
        component={Link}
        to={paths.recipeCreateMethod(groupSlug, 'url')}
        leftSection={<IconPlus size={18} />}
        mt="sm"
      >
        {t('nav.createRecipe')}
      </Button>
    </EmptyPage>
  )
}
