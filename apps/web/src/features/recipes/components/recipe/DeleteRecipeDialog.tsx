import type { Recipe } from '@larder/contracts'
import { Button, Group, Modal, Stack, Text } from '@mantine/core'
import { useNavigate } from 'react-router'
import { notifySuccess } from '@/components/feedback'
import { useStrings } from '@/i18n/use-strings'
import { paths } from '@/app/paths'
import { useDeleteRecipes } from '@/features/recipes/api/delete-recipe'

/**
 * The recipe's delete confirmation; deleted, it goes back to the explorer. Its own module, loaded when "delete" is
 * first chosen in RecipeActions' menu, not with the recipe (docs/budgets.md "Web budgets").
 */
export function DeleteRecipeDialog(props: { recipe: Recipe; groupSlug: string; opened: boolean; onClose: () => void }) {
  const { t } = useStrings('recipes')
  const navigate = useNavigate()
  const remove = useDeleteRecipes().mutation
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={t('page.deleteTitle')} centered radius="lg">
      <Stack gap="lg">
        <Text size="sm">{t('page.deleteText', { name: props.recipe.name })}</Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={props.onClose} disabled={remove.isPending}>
            {t('common.cancel')}
          </Button>
          <Button
            color="error"
            loading={remove.isPending}
            data-testid="confirm-action"
            onClick={() =>
              remove.mutate(props.recipe, {
                onSuccess: () => {
                  props.onClose()
                  notifySuccess(t('page.deleted', { name: props.recipe.name }))
                  void navigate(paths.group(props.groupSlug), { replace: true })
                },
              })
            }
          >
            {t('common.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
