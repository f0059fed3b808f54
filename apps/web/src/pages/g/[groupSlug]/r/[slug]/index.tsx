import { IconToolsKitchen2 } from '@tabler/icons-react'
import { lazy } from 'react'
import { useNavigate, useParams, useSearchParams } from 'react-router'
import { EmptyPage } from '@/components/EmptyPage'
import { PageSuspense } from '@/components/PageSuspense'
import { QueryState } from '@/components/QueryState'
import { useRecipe } from '@/features/recipes/api/recipes'
import { paths } from '@/routes/paths'

// The editor is its own chunk: reading a recipe never loads it.
const RecipeEditor = lazy(() => import('@/features/recipe-editor').then((module) => ({ default: module.RecipeEditor })))

export default function RecipePage() {
  const { groupSlug = '', slug = '' } = useParams()
  const [searchParams] = useSearchParams()
  if (searchParams.get('edit') === 'true') return <EditRecipe groupSlug={groupSlug} slug={slug} />
  return <EmptyPage page="recipe" icon={IconToolsKitchen2} />
}

function EditRecipe({ groupSlug, slug }: { groupSlug: string; slug: string }) {
  const recipe = useRecipe(slug)
  const navigate = useNavigate()
  return (
    <QueryState query={recipe}>
      {(data) => (
        <PageSuspense>
          <RecipeEditor
            key={data.id}
            recipe={data}
            onDone={(savedSlug) => navigate(paths.groupRecipe(groupSlug, savedSlug), { replace: true })}
          />
        </PageSuspense>
      )}
    </QueryState>
  )
}
