import '@/components/styles'
import { useParams } from 'react-router'
import { CookbookView } from '@/features/recipe-pages/components/CookbookView'

export default function CookbookPage() {
  const { groupSlug = '', slug = '' } = useParams()
  return <CookbookView groupSlug={groupSlug} slug={slug} />
}
