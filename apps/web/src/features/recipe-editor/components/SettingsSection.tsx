import type { RecipeSettings } from '@larder/contracts'
import { SimpleGrid, Switch } from '@mantine/core'
import { useStrings } from '@/i18n/use-strings'
import type { EditorForm } from './editor-draft'
import { EditorSection } from './EditorSection'

/** The settings a person switches (disableAmount is Mealie 2's; everything is a food since, docs/mealie-compatibility.md "After Mealie 2.0"). */
export const recipeSettingSwitches = [
  'public',
  'showNutrition',
  'showAssets',
  'landscapeView',
  'disableComments',
  'locked',
] as const satisfies readonly (keyof RecipeSettings)[]

/** The recipe's settings; only its owner may lock or unlock it (docs/security.md "Recipe edit and delete rules"). */
export function SettingsSection({ form, isOwner }: { form: EditorForm; isOwner: boolean }) {
  const { t } = useStrings('recipe-editor')
  return (
    <EditorSection title={t('recipeEditor.settings')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {recipeSettingSwitches.map((name) => (
          <Switch
            key={name}
            label={t(`recipeEditor.setting.${name}`)}
            description={name === 'locked' && !isOwner ? t('recipeEditor.lockOwnerOnly') : undefined}
            disabled={name === 'locked' && !isOwner}
            {...form.getInputProps(`settings.${name}`, { type: 'checkbox' })}
          />
        ))}
      </SimpleGrid>
    </EditorSection>
  )
}
