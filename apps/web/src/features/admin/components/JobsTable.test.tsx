import { adminCountJobs, adminListJobs, adminRetryJob, type BackgroundJob } from '@larder/contracts'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { fakeServer } from '@/test/fake-server'
import { renderWithApp } from '@/test/render'
import { JobsTable } from './JobsTable'

const failedImport: BackgroundJob = {
  id: '6c1f3a4e-9a7b-4c55-8f0e-1d2a3b4c5d6e',
  kind: 'recipe-import-url',
  status: 'failed',
  attempts: 3,
  maxAttempts: 3,
  runAfter: '2026-11-28T16:00:00Z',
  lastError: 'The site answered 503',
  createdAt: '2026-11-28T15:59:00Z',
  updatedAt: '2026-11-28T16:00:00Z',
}

const page = (items: BackgroundJob[]) => ({
  page: 1,
  per_page: 25,
  total: items.length,
  total_pages: 1,
  items,
  next: null,
  previous: null,
})

describe('the background jobs table', () => {
  it('shows a failed job in words with its reason, and queues it again on Retry', async () => {
    const server = fakeServer()
      .answer(adminListJobs, { body: page([failedImport]) })
      .answer(adminCountJobs, { body: { queued: 0, running: 0, done: 4, failed: 1 } })
      .answer(adminRetryJob, { body: { ...failedImport, status: 'queued', attempts: 0 } })
    await renderWithApp(<JobsTable />)
    // The table (wide screens) and the blocks (phones) are both in the document; CSS shows one.
    expect(await screen.findAllByText('Import of a recipe page (bulk import)')).toHaveLength(2)
    expect(screen.getAllByText('The site answered 503')).toHaveLength(2)
    expect(screen.getByText('3 of 3')).toBeInTheDocument()
    expect(await screen.findByText('Failed (1)')).toBeInTheDocument()
    await userEvent.click(screen.getAllByRole('button', { name: 'Retry' })[0]!)
    await waitFor(() => expect(server.calls(adminRetryJob)).toHaveLength(1))
    expect(server.calls(adminRetryJob)[0]!.path).toBe(`/api/admin/jobs/${failedImport.id}/retry`)
  })

  it('asks for the failed jobs alone when that filter is chosen, and says when there are none', async () => {
    const server = fakeServer()
      .answer(adminListJobs, (request) => ({ body: page(request.search.get('queryFilter') ? [] : [failedImport]) }))
      .answer(adminCountJobs, { body: { queued: 0, running: 0, done: 0, failed: 0 } })
    await renderWithApp(<JobsTable />)
    await screen.findAllByText('Import of a recipe page (bulk import)')
    await userEvent.click(screen.getByText('Failed (0)'))
    expect(await screen.findByText('No failed jobs.')).toBeInTheDocument()
    expect(server.calls(adminListJobs).at(-1)!.search.get('queryFilter')).toBe('status = "failed"')
  })
})
