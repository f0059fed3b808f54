import { SimpleGrid } from '@mantine/core'
import type { ReactNode } from 'react'

/** Recipe cards (the explorer's `RecipeCard`) in a grid: two columns on a phone like the explorer's, up to four. */
export function RecipeCardGrid(props: { children: ReactNode; label?: string }) {
  return (
    <SimpleGrid
      cols={{ base: 2, sm: 3, lg: 4 }}
      spacing="md"
      aria-label={props.label}
      role={props.label ? 'region' : undefined}
    >
      {props.children}
    </SimpleGrid>
  )
}
