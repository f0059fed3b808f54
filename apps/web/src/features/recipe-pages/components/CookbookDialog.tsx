import type { ReadCookBook } from '@larder/contracts'
import { Code, Divider, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core'
import { useState, type FormEvent } from 'react'
import { errorMessageOf, FormDialog } from '@/components/data-table/FormDialog'
import { notifySuccess } from '@/components/feedback'
import { useStrings } from '@/i18n/use-strings'
import { useSaveCookbook } from '@/features/recipe-pages/api/cookbooks'
import { filterString, rowsFromParts, type FilterRow } from '@/features/recipe-pages/query-filter'
import { FilterBuilder } from '@/features/recipe-pages/components/FilterBuilder'

interface Draft {
  name: string
  description: string
  public: boolean
  rows: FilterRow[]
  /** Editing the string itself: the builder cannot show it, or the user chose to. */
  advanced: boolean
  raw: string
}

function draftOf(book: ReadCookBook | null): Draft {
  if (!book) return { name: '', description: '', public: false, rows: [], advanced: false, raw: '' }
  const rows = rowsFromParts(book.queryFilter.parts)
  return {
    name: book.name,
    description: book.description,
    public: book.public,
    rows: rows ?? [],
    advanced: rows === null,
    raw: book.queryFilterString,
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

  const queryFilterString = draft.advanced ? draft.raw.trim() : filterString(draft.rows)
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
      {!draft.advanced && <FilterBuilder rows={draft.rows} onChange={(rows) => change({ rows })} />}
      <Switch
        label={t('filter.advanced')}
        checked={draft.advanced}
        onChange={(event) => {
          const advanced = event.currentTarget.checked
          change(advanced ? { advanced, raw: filterString(draft.rows) } : { advanced })
        }}
      />
      {draft.advanced ? (
        <Stack gap={4}>
          <Textarea
            label={t('filter.raw')}
            description={t('filter.rawHint')}
            resize="vertical"
            rows={3}
            ff="monospace"
            value={draft.raw}
            onChange={(event) => change({ raw: event.currentTarget.value })}
          />
        </Stack>
      ) : (
        <Stack gap={4}>
          <Text size="sm" fw={500} id="cookbook-filter-string">
            {t('filter.raw')}
          </Text>
          <Code
            block
            aria-labelledby="cookbook-filter-string"
            data-testid="filter-string"
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          >
            {queryFilterString || t('filter.everyRecipe')}
          </Code>
        </Stack>
      )}
    </FormDialog>
  )
}
