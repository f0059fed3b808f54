import { cleanImages, cleanRecipeFolders, getMaintenanceStorage, getMaintenanceSummary } from '@larder/contracts'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { notificationStore } from '@/notifications/notification-store'
import { fakeServer } from '@/test/fake-server'
import { renderWithApp } from '@/test/render'
import { MaintenancePanel } from './MaintenancePanel'

const storage = {
  tempDirSize: '0 bytes',
  backupsDirSize: '12.05 MB',
  groupsDirSize: '1.5 KB',
  recipesDirSize: '340.2 MB',
  userDirSize: '88 KB',
}

afterEach(() => notificationStore.close())

describe('the maintenance screen', { timeout: 20_000 }, () => {
  it('shows the data folder, what a clean would remove and each folder’s size', async () => {
    fakeServer()
      .answer(getMaintenanceSummary, { body: { dataDirSize: '1.2 GB', cleanableImages: 7, cleanableDirs: 2 } })
      .answer(getMaintenanceStorage, { body: storage })
    await renderWithApp(<MaintenancePanel />)
    const summary = await screen.findByTestId('maintenance-summary')
    expect(within(summary).getByText('1.2 GB')).toBeInTheDocument()
    expect(within(summary).getByText('7')).toBeInTheDocument()
    expect(within(summary).getByText('2')).toBeInTheDocument()
    const table = await screen.findByRole('table', { name: 'Storage' })
    expect(within(table).getByRole('row', { name: 'Backups 12.05 MB' })).toBeInTheDocument()
    expect(within(table).getByRole('row', { name: 'Recipe pictures and attachments 340.2 MB' })).toBeInTheDocument()
  })

  it('cleans only after confirmation, says what was removed and reads the counts again', async () => {
    let cleanable = 7
    const server = fakeServer()
      .answer(getMaintenanceSummary, () => ({
        body: { dataDirSize: '1.2 GB', cleanableImages: cleanable, cleanableDirs: 4 },
      }))
      .answer(getMaintenanceStorage, { body: storage })
      .answer(cleanImages, () => {
        cleanable = 0
        return { body: { message: '7 Images cleaned', error: false as const } }
      })
    const user = userEvent.setup({ delay: null })
    await renderWithApp(<MaintenancePanel />)
    expect(await within(await screen.findByTestId('maintenance-summary')).findByText('7')).toBeInTheDocument()
    await user.click(screen.getByTestId('clean-images'))
    const dialog = await screen.findByRole('dialog', { name: 'Clean recipe pictures' })
    expect(server.calls(cleanImages)).toHaveLength(0)
    await user.click(within(dialog).getByTestId('confirm-action'))
    await waitFor(() => expect(server.calls(cleanImages)).toHaveLength(1))
    await waitFor(() =>
      expect(notificationStore.get().general).toMatchObject({ text: '7 Images cleaned', color: 'success' }),
    )
    // Read again: the pictures are gone, the folders still to clean.
    const summary = screen.getByTestId('maintenance-summary')
    await waitFor(() => expect(within(summary).queryByText('7')).not.toBeInTheDocument())
    expect(within(summary).getByText('0')).toBeInTheDocument()
    expect(within(summary).getByText('4')).toBeInTheDocument()
    expect(server.calls(cleanRecipeFolders)).toHaveLength(0)
  })

  it('keeps the dialog open and cleans nothing when cancelled', async () => {
    const server = fakeServer()
      .answer(getMaintenanceSummary, { body: { dataDirSize: '1 KB', cleanableImages: 0, cleanableDirs: 3 } })
      .answer(getMaintenanceStorage, { body: storage })
    const user = userEvent.setup({ delay: null })
    await renderWithApp(<MaintenancePanel />)
    await screen.findByTestId('maintenance-summary')
    await user.click(screen.getByTestId('clean-recipeFolders'))
    const dialog = await screen.findByRole('dialog', { name: 'Clean recipe folders' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(server.calls(cleanRecipeFolders)).toHaveLength(0)
  })

  it('shows an error when the summary cannot be read', async () => {
    fakeServer().answer(getMaintenanceStorage, { body: storage })
    await renderWithApp(<MaintenancePanel />)
    expect(await screen.findByRole('alert')).toBeInTheDocument()
  })
})
