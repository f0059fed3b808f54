import { listBackups, restoreBackup, signOut, verifyBackup } from '@larder/contracts'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { fakeServer } from '@/test/fake-server'
import { renderWithApp } from '@/test/render'
import { BackupsPanel } from './BackupsPanel'

const backup = { name: 'larder_2026.12.01.03.00.00.zip', date: '2026-12-01T03:00:00Z', size: '12.5 MB' }
const report = {
  message: 'Restore successful',
  error: false as const,
  tables: {
    recipes: { restored: 12, skipped: 1, reasons: ['a row whose user_id names no users row (1 row)'] },
    tags: { restored: 0, skipped: 0, reasons: [] },
  },
  media: { restored: 30, skipped: 0, reasons: [] },
}

describe('the backups screen', { timeout: 20_000 }, () => {
  it('says so when there are no backups yet', async () => {
    fakeServer().answer(listBackups, { body: { imports: [], templates: [] } })
    await renderWithApp(<BackupsPanel />)
    expect(await screen.findByText(/No backups yet/)).toBeInTheDocument()
  })

  it('restores only once the backup’s name is typed, then signs out', async () => {
    const server = fakeServer()
      .answer(listBackups, { body: { imports: [backup], templates: [] } })
      .answer(restoreBackup, { body: report })
      .answer(signOut, { body: { message: 'Signed out', error: false } } as never)
    const user = userEvent.setup({ delay: null })
    await renderWithApp(<BackupsPanel />)
    await user.click(await screen.findByRole('button', { name: 'Restore' }))

    const dialog = await screen.findByRole('dialog', { name: 'Restore the backup' })
    const go = within(dialog).getByRole('button', { name: 'Restore and sign out' })
    expect(go).toBeDisabled()
    const input = within(dialog).getByLabelText(`Type ${backup.name} to restore it`)
    await user.type(input, 'larder_2026.12.01')
    expect(go).toBeDisabled()
    await user.type(input, '.03.00.00.zip')
    expect(go).toBeEnabled()
    expect(server.calls(restoreBackup)).toHaveLength(0)

    await user.click(go)
    await waitFor(() => expect(server.calls(restoreBackup)).toHaveLength(1))
    expect(server.calls(restoreBackup)[0]!.params).toEqual({ fileName: backup.name })
    await waitFor(() => expect(server.calls(signOut)).toHaveLength(1))
  })

  it('shows the server’s refusal in the dialog and stays signed in', async () => {
    const server = fakeServer()
      .answer(listBackups, { body: { imports: [backup], templates: [] } })
      .answer(restoreBackup, {
        status: 400,
        body: { detail: { message: 'This backup was made by a newer Larder', error: true, exception: null } },
      })
    const user = userEvent.setup({ delay: null })
    await renderWithApp(<BackupsPanel />)
    await user.click(await screen.findByRole('button', { name: 'Restore' }))
    const dialog = await screen.findByRole('dialog', { name: 'Restore the backup' })
    await user.type(within(dialog).getByRole('textbox'), backup.name)
    await user.click(within(dialog).getByRole('button', { name: 'Restore and sign out' }))
    expect(await within(dialog).findByText('This backup was made by a newer Larder')).toBeInTheDocument()
    expect(server.calls(signOut)).toHaveLength(0)
  })

  it('verifies a backup and shows what a restore would bring back, with the reasons rows were left out', async () => {
    fakeServer()
      .answer(listBackups, { body: { imports: [backup], templates: [] } })
      .answer(verifyBackup, { body: { ...report, message: 'can be restored' } })
    const user = userEvent.setup({ delay: null })
    await renderWithApp(<BackupsPanel />)
    await user.click(await screen.findByRole('button', { name: 'Verify' }))
    const dialog = await screen.findByRole('dialog', { name: 'Verify the backup' })
    expect(await within(dialog).findByText('recipes')).toBeInTheDocument()
    expect(within(dialog).getByText('a row whose user_id names no users row (1 row)')).toBeInTheDocument()
    // Tables the backup leaves empty are not listed.
    expect(within(dialog).queryByText('tags')).not.toBeInTheDocument()
  })
})
