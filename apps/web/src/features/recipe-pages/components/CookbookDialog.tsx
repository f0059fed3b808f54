import type { ReadCookBook } from '@larder/contracts'
import { Divider, Switch, Textarea, TextInput } from '@mantine/core'
import { useState, type FormEvent } from 'react'
import { errorMessageOf, FormDialog } from '@/components/data-table/FormDialog'
import { notifySuccess } from '@/components/feedback'
import { useStrings } from '@/i18n/use-strings'
import { useSaveCookbook } from '@/features/recipe-pages/api/cookbooks'
import {
  queryFilterStringOf,
  RecipeFilterField,
  recipeFilterDraftOf,
  type RecipeFilterDraft,
} from '@/features/recipe-pages/components/RecipeFilterField'

interface Draft extends RecipeFilterDraft {
  name: string
  description: string
  public: boolean
}

function draftOf(book: ReadCookBook | null): Draft {
  if (!book) return { name: '', description: '', public: false, ...recipeFilterDraftOf(null) }
  return {
    name: book.name,
    description: book.description,
    public: book.public,
    ...recipeFilterDraftOf({ parts: book.queryFilter.parts, string: book.queryFilterString }),
  }
}

/** Create or edit a cookbook: name, description, public, and which recipes it holds (builder or raw filter). */
export function CookbookDialog(props: {
  /** The cookbook to edit; null to create one; undefined when closed. */
  book: ReadCookBook | null | undefined
  /** The position a new cookbook takes (after the last). */
  nextPosition: number
  onClose: () => void
}) {
  const { t } = useStrings('recipe-pages')
  const opened = props.book !== undefined
  const [draft, setDraft] = useState<Draft>(() => draftOf(props.book ?? null))
  const [nameError, setNameError] = useState<string | null>(null)
  const save = useSaveCookbook()
  const [openedFor, setOpenedFor] = useState(props.book)
  if (openedFor !== props.book) {
    setOpenedFor(props.book)
    setDraft(draftOf(props.book ?? null))
    setNameError(null)
    save.reset()
  }

  const queryFilterString = queryFilterStringOf(draft)
  const change = (part: Partial<Draft>) => setDraft((current) => ({ ...current, ...part }))

  function submit(event?: FormEvent<HTMLFormElement>) {
    event?.preventDefault()
    if (draft.name.trim() === '') {
      setNameError(t('cookbooks.nameRequired'))
      return
    }
    const book = props.book
    save.mutate(
      {
        id: book?.id,
        body: {
          name: draft.name.trim(),
          description: draft.description,
          public: draft.public,
          position: book?.position ?? props.nextPosition,
          queryFilterString,
        },
      },
      {
        onSuccess: () => {
          notifySuccess(book ? t('cookbooks.saved') : t('cookbooks.created'))
          props.onClose()
        },
      },
    )
  }

  return (
    <FormDialog
      opened={opened}
      title={props.book ? t('cookbooks.editTitle') : t('cookbooks.createTitle')}
      submitting={save.isPending}
      error={errorMessageOf(save.error)}
      onClose={props.onClose}
      onSubmit={submit}
    >
      <TextInput
        label={t('cookbooks.name')}
        required
        value={draft.name}
        error={nameError}
        onChange={(event) => {
          setNameError(null)
          change({ name: event.currentTarget.value })
        }}
        data-autofocus
      />
      <Textarea
        label={t('cookbooks.descriptionLabel')}
        resize="vertical"
        rows={3}
        value={draft.description}
        onChange={(event) => change({ description: event.currentTarget.value })}
      />
      <Switch
        label={t('cookbooks.public')}
        description={t('cookbooks.publicHint')}
        checked={draft.public}
        onChange={(event) => change({ public: event.currentTarget.checked })}
      />
      <Divider label={t('cookbooks.recipes')} labelPosition="left" />
      <RecipeFilterField draft={draft} onChange={change} everyRecipe={t('filter.everyRecipe')} />
    </FormDialog>
  )
}
