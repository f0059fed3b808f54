import { useCallback, useState } from 'react'

/** Ticked ingredients and finished steps, kept for the tab's session so a reload mid-cooking loses nothing. */
export interface Checklist {
  ingredients: string[]
  steps: string[]
}

const storageKey = (recipeId: string) => `larder.recipe-progress.${recipeId}`
const empty: Checklist = { ingredients: [], steps: [] }

function read(recipeId: string): Checklist {
  try {
    const stored = JSON.parse(sessionStorage.getItem(storageKey(recipeId)) ?? 'null') as Partial<Checklist> | null
    if (!stored) return empty
    return {
      ingredients: Array.isArray(stored.ingredients) ? stored.ingredients.filter((id) => typeof id === 'string') : [],
      steps: Array.isArray(stored.steps) ? stored.steps.filter((id) => typeof id === 'string') : [],
    }
  } catch {
    return empty
  }
}

/** The recipe's checklist in sessionStorage: `toggle('ingredients', referenceId)`, `toggle('steps', stepId)`. */
export function useChecklist(recipeId: string) {
  const [checklist, setChecklist] = useState(() => read(recipeId))
  const toggle = useCallback(
    (list: keyof Checklist, id: string) => {
      setChecklist((current) => {
        const items = current[list].includes(id) ? current[list].filter((item) => item !== id) : [...current[list], id]
        const next = { ...current, [list]: items }
        try {
          sessionStorage.setItem(storageKey(recipeId), JSON.stringify(next))
        } catch {
          // Storage full or refused (private mode): the ticks still work for this page view.
        }
        return next
      })
    },
    [recipeId],
  )
  const reset = useCallback(() => {
    sessionStorage.removeItem(storageKey(recipeId))
    setChecklist(empty)
  }, [recipeId])
  return { checklist, toggle, reset }
}
