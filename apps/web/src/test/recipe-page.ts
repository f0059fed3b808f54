// The recipe page in tests: it draws its header first and its other parts in slices after it (RecipeView).
import { screen, waitFor } from '@testing-library/react'
import { expect } from 'vitest'

/** The recipe page's name heading, once every part of the page is drawn. */
export async function recipePageDrawn(name: string | RegExp = 'Pancakes'): Promise<HTMLElement> {
  const heading = await screen.findByRole('heading', { level: 1, name })
  await waitFor(() => expect(screen.getByTestId('recipe-view')).toHaveAttribute('aria-busy', 'false'))
  return heading
}
