import { Stack } from '@mantine/core'
import { memo } from 'react'
import { useStrings } from '@/i18n/use-strings'
import type { OrganizerChoice } from '@/features/recipe-editor/api/organizers'
import { EditorSection } from './EditorSection'
import { OrganizerSelect } from './OrganizerSelect'
import { sameProps, type SetField } from './RowParts'

/** Categories, tags and tools; memoised on their lists, so typing elsewhere leaves the three pickers alone. */
export const OrganizersSection = memo(function OrganizersSection(props: {
  recipeCategory: OrganizerChoice[]
  tags: OrganizerChoice[]
  tools: OrganizerChoice[]
  setFieldValue: SetField
  canOrganize: boolean
}) {
  const { t } = useStrings('recipe-editor')
  const { setFieldValue, canOrganize } = props
  return (
    <EditorSection title={t('recipeEditor.organizers')}>
      <Stack gap="sm">
        <OrganizerSelect
          kind="categories"
          label={t('recipeEditor.categories')}
          value={props.recipeCategory}
          onChange={(value) => setFieldValue('recipeCategory', value)}
          canCreate={canOrganize}
        />
        <OrganizerSelect
          kind="tags"
          label={t('recipeEditor.tags')}
          value={props.tags}
          onChange={(value) => setFieldValue('tags', value)}
          canCreate={canOrganize}
        />
        <OrganizerSelect
          kind="tools"
          label={t('recipeEditor.tools')}
          value={props.tools}
          onChange={(value) => setFieldValue('tools', value)}
          canCreate={canOrganize}
        />
      </Stack>
    </EditorSection>
  )
}, sameProps)
