import type { Recipe } from '@larder/contracts'
import { useMemo, useState } from 'react'
import { draftOf } from './editor-draft'

/**
 * What the form edits of a recipe, comparable between two reads: pictures and assets are stored at once by this
 * editor itself, and notes and extras get fresh row keys at every read, so neither says that someone else changed it.
 */
function editedShape(recipe: Recipe): string {
  const { assets: _assets, notes, extras, ...rest } = draftOf(recipe)
  return JSON.stringify({
    ...rest,
    notes: notes.map(({ title, text }) => ({ title, text })),
    extras: extras.map(({ name, value }) => ({ name, value })),
  })
}

/**
 * Whether the recipe changed elsewhere since the editor opened (its query is refreshed by /api/live while the editor is
 * open), in what the form edits. `acknowledge` takes the current version as the one the person now edits against.
 */
export function useConcurrentChange(recipe: Recipe) {
  const latest = useMemo(() => editedShape(recipe), [recipe])
  const [base, setBase] = useState(() => ({ updatedAt: recipe.updatedAt, shape: latest }))
  return {
    changed: recipe.updatedAt !== base.updatedAt && latest !== base.shape,
    acknowledge: () => setBase({ updatedAt: recipe.updatedAt, shape: latest }),
  }
}
