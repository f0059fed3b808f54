import { getReport, startMigration, type ReportOut } from '@larder/contracts'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { fakeServer } from '@/test/fake-server'
import { renderWithApp } from '@/test/render'
import { uploadsThroughFetch } from '@/test/xhr-over-fetch'
import { MigrationForm } from './MigrationForm'

const reportId = '00000000-0000-4000-8000-000000000f01'
const summary = {
  id: reportId,
  timestamp: '2026-01-02T10:00:00Z',
  category: 'migration' as const,
  groupId: '00000000-0000-4000-8000-0000000000a1',
  name: 'Paprika Migration',
  status: 'partial' as const,
}
const report: ReportOut = {
  ...summary,
  entries: [
    {
      id: '00000000-0000-4000-8000-0000000000e1',
      reportId,
      timestamp: '2026-01-02T10:00:01Z',
      success: true,
      message: 'Imported Lentil soup successfully',
      exception: '',
    },
    {
      id: '00000000-0000-4000-8000-0000000000e2',
      reportId,
      timestamp: '2026-01-02T10:00:02Z',
      success: false,
      message: 'Failed to import Broken bread',
      exception: 'ValueError: no name',
    },
  ],
}

/** Mantine's FileInput is a button over a hidden file input; the upload goes to the input. */
const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!

async function openForm() {
  uploadsThroughFetch()
  const user = userEvent.setup({ delay: null })
  await renderWithApp(<MigrationForm />)
  await screen.findByRole('button', { name: 'Start migration' })
  return user
}

async function chooseApp(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(screen.getByRole('combobox', { name: /Import from/, hidden: true }))
  await user.click(await screen.findByRole('option', { name, hidden: true }))
}

describe('migrating from another app', { timeout: 20_000 }, () => {
  it('uploads the export with its type and tag choice as Mealie’s client does, then shows the report', async () => {
    const server = fakeServer().answer(startMigration, { body: summary }).answer(getReport, { body: report })
    const user = await openForm()
    await chooseApp(user, 'Paprika')
    expect(screen.getByText(/Paprika Recipe Format/)).toBeInTheDocument()
    await user.upload(fileInput(), new File(['zip bytes'], 'export.zip', { type: 'application/zip' }))
    await user.click(screen.getByRole('checkbox', { name: /Tag the imported recipes/ }))
    await user.click(screen.getByRole('button', { name: 'Start migration' }))

    const entries = await screen.findByRole('list', { name: 'Entries' })
    expect(within(entries).getByText('Imported Lentil soup successfully')).toBeInTheDocument()
    expect(screen.getByText('Partly done')).toBeInTheDocument()
    const sent = server.calls(startMigration)[0]!.body as unknown as Record<string, unknown>
    expect(sent.migration_type).toBe('paprika')
    expect(sent.add_migration_tag).toBe('false')
    // The archive went as a file part (the fake server reads it back as a Blob of the same bytes).
    expect((sent.archive as Blob).size).toBe('zip bytes'.length)

    // The failure's exception is behind a toggle (the report is drawn from deferred data, so its collapse settles a
    // render later).
    await waitFor(() => expect(screen.queryByText('ValueError: no name')).not.toBeVisible())
    await user.click(screen.getByRole('button', { name: 'Show details' }))
    await waitFor(() => expect(screen.getByText('ValueError: no name')).toBeVisible())
  })

  it('asks for the app and the file before uploading anything', async () => {
    const server = fakeServer()
    const user = await openForm()
    await user.click(screen.getByRole('button', { name: 'Start migration' }))
    expect(await screen.findByText('Choose the app your recipes come from')).toBeInTheDocument()
    expect(screen.getByText('Choose the export file')).toBeInTheDocument()
    expect(server.calls(startMigration)).toHaveLength(0)
  })

  it('shows the server’s reason for a refused archive and says nothing was imported', async () => {
    fakeServer().answer(startMigration, {
      status: 415,
      body: { detail: { message: 'This is not a Tandoor export', error: true, exception: null } },
    })
    const user = await openForm()
    await chooseApp(user, 'Tandoor')
    await user.upload(fileInput(), new File(['x'], 'export.zip', { type: 'application/zip' }))
    await user.click(screen.getByRole('button', { name: 'Start migration' }))
    const alert = (await screen.findByText('This is not a Tandoor export')).closest('[role="alert"]')
    expect(alert).toHaveTextContent('This is not a Tandoor export')
    expect(alert).toHaveTextContent('Nothing was imported from this file.')
  })
})
