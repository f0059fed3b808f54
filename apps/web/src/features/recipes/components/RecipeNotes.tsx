import type { Recipe } from '@larder/contracts'
import { Stack, Title } from '@mantine/core'
import { RecipeMarkdown } from '@/features/recipes/components/RecipeMarkdown'

/** A recipe's notes, each an optional title over Markdown: on the recipe page and on the shared recipe page. */
export function RecipeNotes({ notes }: { notes: Recipe['notes'] }) {
  return (
    <Stack gap="sm">
      {notes.map((note, index) => (
        <div key={index}>
          {note.title && (
            <Title order={3} fz="md" mb={4}>
              {note.title}
            </Title>
          )}
          <RecipeMarkdown>{note.text}</RecipeMarkdown>
        </div>
      ))}
    </Stack>
  )
}
