import { Alert, Button, FileInput, Stack, TextInput, Textarea } from '@mantine/core'
import { IconPhoto } from '@tabler/icons-react'
import { useState, type FormEvent } from 'react'
import { useStrings } from '@/i18n/use-strings'
import { DialogActions, DialogShell } from '@/components/DialogShell'
import { notifySuccess } from '@/components/feedback'
import { useRecipeMadeIt } from '@/features/recipes/api/recipes'
import { PhotoUploadError, useCreateMadeItEvent } from '@/features/recipes/api/timeline'
import { unshownError } from './unshown-error'

const photoTypes = 'image/jpeg,image/png,image/webp,image/heic,image/avif'

/** yyyy-mm-dd of a local date, as `<input type="date">` reads and writes it. */
function localDate(date: Date) {
  const pad = (value: number) => String(value).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}

/** The moment to record: now for today, midday of an earlier day (so no time zone moves it to another date). */
function momentOf(day: string): Date {
  if (day === localDate(new Date())) return new Date()
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number)
  return new Date(year, month - 1, date, 12)
}

/**
 * "I made it": the day (today unless changed), an optional note and photo. Saving marks the household's last-made
 * date and adds a "Made it" event, with its photo, to the recipe's timeline.
 */
export function MadeItDialog(props: { recipe: { id: string; slug: string }; opened: boolean; onClose: () => void }) {
  const { t } = useStrings('recipes')
  const [day, setDay] = useState(() => localDate(new Date()))
  const [note, setNote] = useState('')
  const [photo, setPhoto] = useState<File | null>(null)
  // Set when the event was saved but its photo was not: trying again sends only the photo.
  const [savedEventId, setSavedEventId] = useState<string | undefined>()
  const lastMade = useRecipeMadeIt(props.recipe.slug)
  const event = useCreateMadeItEvent()
  const today = localDate(new Date())
  const dayValid = /^\d{4}-\d{2}-\d{2}$/.test(day) && day <= today
  const busy = lastMade.isPending || event.isPending
  const failure = unshownError(lastMade.error) ?? unshownError(event.error)

  const close = () => {
    setDay(localDate(new Date()))
    setNote('')
    setPhoto(null)
    setSavedEventId(undefined)
    event.reset()
    lastMade.reset()
    props.onClose()
  }

  const submit = async (submitted: FormEvent) => {
    submitted.preventDefault()
    if (!dayValid) return
    const when = momentOf(day)
    try {
      // The household's last-made date first (what the action always did), then the timeline's event and photo.
      if (!savedEventId) await lastMade.mutateAsync(when)
      await event.mutateAsync({ recipeId: props.recipe.id, when, note, photo, savedEventId })
      notifySuccess(t('page.madeItDone'))
      close()
    } catch (error) {
      // Shown in the dialog (or already notified by the client); the dialog stays open to try again.
      if (error instanceof PhotoUploadError) setSavedEventId(error.eventId)
    }
  }

  return (
    <DialogShell opened={props.opened} onClose={close} title={t('social.madeItTitle')}>
      <form onSubmit={(submitted) => void submit(submitted)} noValidate>
        <Stack gap="md">
          <TextInput
            type="date"
            label={t('social.madeItDate')}
            value={day}
            max={today}
            required
            onChange={(changed) => setDay(changed.currentTarget.value)}
            error={dayValid ? undefined : t('social.madeItDateInvalid')}
            data-testid="made-it-date"
          />
          <Textarea
            label={t('social.madeItNote')}
            value={note}
            onChange={(changed) => setNote(changed.currentTarget.value)}
            rows={3}
            maxLength={10_000}
          />
          <FileInput
            label={t('social.madeItPhoto')}
            accept={photoTypes}
            value={photo}
            onChange={setPhoto}
            clearable
            leftSection={<IconPhoto size={16} aria-hidden="true" />}
            data-testid="made-it-photo"
          />
          {failure && (
            <Alert color="error" variant="light" role="alert">
              {failure}
            </Alert>
          )}
          <DialogActions onCancel={close} cancelDisabled={busy}>
            <Button type="submit" loading={busy} disabled={!dayValid}>
              {t('social.madeItSave')}
            </Button>
          </DialogActions>
        </Stack>
      </form>
    </DialogShell>
  )
}
