import { Stack } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { EditorForm } from './editor-draft'
import { EditorSection } from './EditorSection'
import { OrganizerSelect } from './OrganizerSelect'

export function OrganizersSection({ form, canOrganize }: { form: EditorForm; canOrganize: boolean }) {
  const { t } = useTranslation()
  return (
    <EditorSection title={t('recipeEditor.organizers')}>
      <Stack gap="sm">
        <OrganizerSelect
          kind="categories"
          label={t('recipeEditor.categories')}
          value={form.values.recipeCategory}
          onChange={(value) => form.setFieldValue('recipeCategory', value)}
          canCreate={canOrganize}
        />
        <OrganizerSelect
          kind="tags"
          label={t('recipeEditor.tags')}
          value={form.values.tags}
          onChange={(value) => form.setFieldValue('tags', value)}
          canCreate={canOrganize}
        />
        <OrganizerSelect
          kind="tools"
          label={t('recipeEditor.tools')}
          value={form.values.tools}
          onChange={(value) => form.setFieldValue('tools', value)}
          canCreate={canOrganize}
        />
      </Stack>
    </EditorSection>
  )
}
