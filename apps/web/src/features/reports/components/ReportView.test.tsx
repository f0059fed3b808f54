import type { ReportEntryOut, ReportOut } from '@larder/contracts'
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithApp } from '@/test/render'
import { ReportView } from './ReportView'

const reportId = '00000000-0000-4000-8000-0000000000e1'

function entry(n: number, change: Partial<ReportEntryOut>): ReportEntryOut {
  return {
    id: `00000000-0000-4000-8000-00000000f00${n}`,
    reportId,
    timestamp: '2026-11-28T12:00:00Z',
    success: true,
    message: '',
    exception: '',
    recipeSlug: null,
    ...change,
  }
}

const bulkReport: ReportOut = {
  id: reportId,
  timestamp: '2026-11-28T12:00:00Z',
  category: 'bulk_import',
  groupId: '00000000-0000-4000-8000-0000000000a1',
  name: 'Bulk Import',
  status: 'partial',
  entries: [
    entry(1, { message: 'Successfully imported recipe Tomato Soup', recipeSlug: 'tomato-soup' }),
    entry(2, {
      success: false,
      message: 'failed to scrape url https://example.com/slow',
      exception: 'The site did not answer within 15 seconds. Try this address again later.',
    }),
  ],
}

describe('ReportView of a bulk import', () => {
  it('links each success to its recipe and says in words why each failure failed', async () => {
    await renderWithApp(<ReportView report={bulkReport} recipePath={(slug) => `/g/home/r/${slug}`} />)
    expect(screen.getByRole('link', { name: 'Successfully imported recipe Tomato Soup' })).toHaveAttribute(
      'href',
      '/g/home/r/tomato-soup',
    )
    // The reason is on the page, not behind a "Show details" button.
    expect(screen.getByText('The site did not answer within 15 seconds. Try this address again later.')).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Show details' })).toBeNull()
  })
})
