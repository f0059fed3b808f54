import type { ShoppingListOut } from '@larder/contracts'
import { ActionIcon, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { IconX } from '@tabler/icons-react'
import { useStrings } from '@/i18n/use-strings'

/** The recipes the list's lines came from; removing one takes off its whole share (every copy added). */
export function ListRecipes(props: {
  list: ShoppingListOut
  onRemove: (recipeId: string, scale: number) => Promise<unknown>
}) {
  const { t } = useStrings('shopping')
  const references = props.list.recipeReferences
  if (references.length === 0) return null
  return (
    <Stack gap={6} component="section" aria-label={t('shopping.recipes.title')}>
      <Title order={3} fz="sm">
        {t('shopping.recipes.title')}
      </Title>
      {references.map((reference) => {
        const name = reference.recipe?.name ?? t('shopping.recipes.unknown')
        return (
          <Paper key={reference.id} withBorder radius="md" px="sm" py={6}>
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                {reference.recipeQuantity === 1
                  ? name
                  : t('shopping.recipes.times', { recipe: name, count: reference.recipeQuantity })}
              </Text>
              <ActionIcon
                variant="subtle"
                color="error"
                size="lg"
                aria-label={t('shopping.recipes.remove', { recipe: name })}
                onClick={() => void props.onRemove(reference.recipeId, reference.recipeQuantity).catch(() => undefined)}
              >
                <IconX size={16} />
              </ActionIcon>
            </Group>
          </Paper>
        )
      })}
    </Stack>
  )
}
