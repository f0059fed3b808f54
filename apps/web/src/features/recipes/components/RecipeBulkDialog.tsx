import type { AssignSettings, RecipeSummary } from '@larder/contracts'
import { Select, SimpleGrid, Switch, Text } from '@mantine/core'
import { useState, type FormEvent } from 'react'
import { errorMessageOf, FormDialog } from '@/components/data-table/FormDialog'
import { notifySuccess } from '@/components/feedback'
import { OrganizerSelect, recipeSettingSwitches } from '@/features/recipe-editor'
import type { OrganizerChoice } from '@/features/recipe-editor/api/organizers'
import { useStrings } from '@/i18n/use-strings'
import { useBulkRecipeChange, type BulkRecipeChange } from '@/features/recipes/api/bulk-recipe-actions'

export type BulkRecipeAction = 'tag' | 'categorize' | 'settings' | 'owner'

type Settings = AssignSettings['settings']
/** Mealie's data page starts from every switch off; amounts stay on ("everything is a food", docs/mealie-compatibility.md "After Mealie 2.0"). */
const settingsOff: Settings = {
  public: false,
  showNutrition: false,
  showAssets: false,
  landscapeView: false,
  disableComments: false,
  disableAmount: false,
  locked: false,
}

/**
 * One bulk change of the data table's selected recipes: the tags or categories to add, the settings every recipe gets,
 * or the member who becomes their owner. The dialog names how many recipes change, so applying is the confirmation;
 * it closes and notifies when the server has applied it.
 */
export function RecipeBulkDialog(props: {
  opened: boolean
  action: BulkRecipeAction
  recipes: RecipeSummary[]
  members: { value: string; label: string }[]
  canCreateOrganizers: boolean
  onClose: () => void
}) {
  const { t } = useStrings('organize')
  const editor = useStrings('recipe-editor').t
  const change = useBulkRecipeChange()
  const [organizers, setOrganizers] = useState<OrganizerChoice[]>([])
  const [settings, setSettings] = useState<Settings>(settingsOff)
  const [owner, setOwner] = useState<string | null>(null)
  const count = props.recipes.length
  const nothingChosen =
    (props.action === 'owner' && owner === null) ||
    ((props.action === 'tag' || props.action === 'categorize') && organizers.length === 0)

  // The dialog stays mounted between actions: what was chosen for one must not carry over to the next.
  const close = () => {
    change.reset()
    setOrganizers([])
    setSettings(settingsOff)
    setOwner(null)
    props.onClose()
  }
  const submit = (event?: FormEvent<HTMLFormElement>) => {
    event?.preventDefault()
    if (nothingChosen) return
    const chosen: Record<BulkRecipeAction, () => BulkRecipeChange> = {
      tag: () => ({ action: 'tag', tags: organizers }),
      categorize: () => ({ action: 'categorize', categories: organizers }),
      settings: () => ({ action: 'settings', settings }),
      owner: () => ({ action: 'owner', userId: owner ?? '' }),
    }
    change.mutate(
      { recipes: props.recipes, change: chosen[props.action]() },
      {
        onSuccess: () => {
          notifySuccess(t('bulk.done', { count }))
          close()
        },
      },
    )
  }

  return (
    <FormDialog
      opened={props.opened}
      title={t(`bulk.item.${props.action}`)}
      submitLabel={t('bulk.apply', { count })}
      submitting={change.isPending}
      submitDisabled={nothingChosen}
      error={errorMessageOf(change.error)}
      onClose={close}
      onSubmit={submit}
    >
      <Text size="sm">{t(`bulk.intro.${props.action}`, { count })}</Text>
      {(props.action === 'tag' || props.action === 'categorize') && (
        <OrganizerSelect
          kind={props.action === 'tag' ? 'tags' : 'categories'}
          label={props.action === 'tag' ? editor('recipeEditor.tags') : editor('recipeEditor.categories')}
          value={organizers}
          onChange={setOrganizers}
          canCreate={props.canCreateOrganizers}
        />
      )}
      {props.action === 'settings' && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {recipeSettingSwitches.map((name) => (
            <Switch
              key={name}
              label={editor(`recipeEditor.setting.${name}`)}
              description={name === 'locked' ? t('bulk.lockOwnOnly') : undefined}
              checked={settings[name] ?? false}
              onChange={(event) => setSettings({ ...settings, [name]: event.currentTarget.checked })}
            />
          ))}
        </SimpleGrid>
      )}
      {props.action === 'owner' && (
        <Select label={t('recipes.owner')} data={props.members} value={owner} onChange={setOwner} searchable />
      )}
    </FormDialog>
  )
}
