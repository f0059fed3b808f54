import { Button, TextInput } from '@mantine/core'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { renderWithApp } from '@/test/render'
import { DialogActions, DialogShell } from './DialogShell'

/** A button that opens a shell with one field, Cancel and an action; `busy` holds the dialog open. */
function Opener({ busy = false }: { busy?: boolean }) {
  const [opened, setOpened] = useState(false)
  return (
    <>
      <Button onClick={() => setOpened(true)}>Open</Button>
      <DialogShell opened={opened} onClose={() => setOpened(false)} title="Rename" busy={busy}>
        <TextInput label="Name" data-autofocus />
        <DialogActions onCancel={() => setOpened(false)} cancelDisabled={busy}>
          <Button>Rename it</Button>
        </DialogActions>
      </DialogShell>
    </>
  )
}

describe('DialogShell', () => {
  it('is a named dialog that takes focus, closes by its labelled button, Cancel or Escape, and gives focus back', async () => {
    const user = userEvent.setup({ delay: null })
    await renderWithApp(<Opener />)
    const opener = screen.getByRole('button', { name: 'Open' })

    await user.click(opener)
    const dialog = await screen.findByRole('dialog', { name: 'Rename' })
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveFocus())
    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await waitFor(() => expect(opener).toHaveFocus())

    await user.click(opener)
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Rename' })).getByRole('button', { name: 'Cancel' }),
    )
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())

    await user.click(opener)
    await screen.findByRole('dialog', { name: 'Rename' })
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('cannot be closed while busy: no close button, Cancel greyed, Escape ignored', async () => {
    const user = userEvent.setup({ delay: null })
    await renderWithApp(<Opener busy />)
    await user.click(screen.getByRole('button', { name: 'Open' }))
    const dialog = await screen.findByRole('dialog', { name: 'Rename' })
    expect(within(dialog).queryByRole('button', { name: 'Close' })).not.toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled()
    await user.keyboard('{Escape}')
    expect(screen.getByRole('dialog', { name: 'Rename' })).toBeInTheDocument()
  })
})
