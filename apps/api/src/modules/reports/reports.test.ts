import { deleteReport, getReport, listReports } from '@larder/contracts'
import { describe, expect, it } from 'vitest'
import { createTestApp } from '../../../test/test-app.js'
import { createReportService } from './service.js'

async function groupWithReports() {
  const testApp = await createTestApp()
  const household = await testApp.make.household()
  const member = await testApp.make.user({ householdId: household.id })
  const stranger = await testApp.make.user()
  const reports = createReportService({ db: testApp.db })
  return { ...testApp, member, stranger, reports }
}

describe('reports', () => {
  it('lists the group’s reports of one category, newest first, and reads one with its entries in input order', async () => {
    const { api, db, member, reports } = await groupWithReports()
    const older = await reports.startReport(db, member.groupId, { category: 'migration', name: 'Paprika' })
    const newer = await reports.startReport(db, member.groupId, { category: 'migration', name: 'Tandoor' })
    await reports.startReport(db, member.groupId, { category: 'bulk_import', name: 'Bulk Import' })
    await reports.addEntry(db, newer.id, { position: 1, success: false, message: 'Failed: Stew', exception: 'no name' })
    await reports.addEntry(db, newer.id, { position: 0, success: true, message: 'Imported Soup' })
    await reports.finishReport(db, newer.id)

    const listed = await api.call(listReports, { as: member, query: { report_type: 'migration' } })
    expect(listed.status).toBe(200)
    expect((listed.body as { id: string }[]).map((report) => report.id)).toEqual([newer.id, older.id])

    const read = await api.call(getReport, { as: member, params: { id: newer.id } })
    expect(read.body).toMatchObject({
      name: 'Tandoor',
      category: 'migration',
      status: 'partial',
      entries: [
        { success: true, message: 'Imported Soup', exception: '' },
        { success: false, message: 'Failed: Stew', exception: 'no name' },
      ],
    })
  })

  it('answers an empty list without report_type, as Mealie does', async () => {
    const { api, db, member, reports } = await groupWithReports()
    await reports.startReport(db, member.groupId, { category: 'migration', name: 'Paprika' })
    expect((await api.call(listReports, { as: member, query: {} })).body).toEqual([])
  })

  it('keeps another group’s reports out of sight: not listed, not readable, not deletable', async () => {
    const { api, db, member, stranger, reports } = await groupWithReports()
    const report = await reports.startReport(db, member.groupId, { category: 'migration', name: 'Paprika' })
    expect((await api.call(listReports, { as: stranger, query: { report_type: 'migration' } })).body).toEqual([])
    expect((await api.call(getReport, { as: stranger, params: { id: report.id } })).status).toBe(404)
    expect((await api.call(deleteReport, { as: stranger, params: { id: report.id } })).status).toBe(404)
    expect((await api.call(getReport, { as: member, params: { id: report.id } })).status).toBe(200)
  })

  it('deletes a report with its entries', async () => {
    const { api, db, member, reports } = await groupWithReports()
    const report = await reports.startReport(db, member.groupId, { category: 'migration', name: 'Paprika' })
    await reports.addEntry(db, report.id, { success: true, message: 'Imported Soup' })
    const deleted = await api.call(deleteReport, { as: member, params: { id: report.id } })
    expect(deleted.body).toEqual({ message: 'Report deleted.', error: false })
    expect((await api.call(getReport, { as: member, params: { id: report.id } })).status).toBe(404)
  })

  it('settles success, failure and partial from the entries; an empty report is a failure', async () => {
    const { db, member, reports } = await groupWithReports()
    const outcomes = async (successes: boolean[]) => {
      const report = await reports.startReport(db, member.groupId, { category: 'bulk_import', name: 'Bulk Import' })
      for (const success of successes) await reports.addEntry(db, report.id, { success, message: 'x' })
      return reports.finishReport(db, report.id)
    }
    expect(await outcomes([true, true])).toBe('success')
    expect(await outcomes([false, false])).toBe('failure')
    expect(await outcomes([true, false])).toBe('partial')
    expect(await outcomes([])).toBe('failure')
  })

  it('finishes a report exactly once when parallel workers add its last entries', async () => {
    const { db, member, reports } = await groupWithReports()
    const report = await reports.startReport(db, member.groupId, {
      category: 'bulk_import',
      name: 'Bulk Import',
      expectedEntries: 8,
    })
    const settled = await Promise.all(
      Array.from({ length: 8 }, (_, position) =>
        db.transaction(async (tx) => {
          await reports.addEntry(tx, report.id, { position, success: position !== 3, message: `url ${position}` })
          return reports.finishIfComplete(tx, report.id)
        }),
      ),
    )
    expect(settled.filter((status) => status !== undefined)).toEqual(['partial'])
    expect((await reports.summary(db, report.id))?.status).toBe('partial')
  })
})
