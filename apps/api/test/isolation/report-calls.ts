import { groupReports, reportEntries } from '../../src/db/schema/index.js'
import type { TestApp } from '../test-app.js'
import type { EndpointCase } from './endpoint-calls.js'
import type { WorldUser } from './world.js'

/** The matrix's cases for reports (modules/reports): each on a report of the caller's own group. */
export function reportCases(testApp: TestApp): Record<string, EndpointCase> {
  const { db } = testApp
  async function ownReport(caller: WorldUser) {
    const [report] = await db
      .insert(groupReports)
      .values({ groupId: caller.groupId, category: 'migration', name: 'Paprika', status: 'success' })
      .returning()
    await db.insert(reportEntries).values({ reportId: report!.id, message: 'Imported Soup' })
    return report!
  }
  return {
    'GET /api/groups/reports': {
      rule: 'member',
      request: async (caller) => {
        await ownReport(caller)
        return { url: '/api/groups/reports?report_type=migration' }
      },
    },
    'GET /api/groups/reports/:id': {
      rule: 'member',
      request: async (caller) => ({ url: `/api/groups/reports/${(await ownReport(caller)).id}` }),
    },
    'DELETE /api/groups/reports/:id': {
      rule: 'member',
      request: async (caller) => ({ url: `/api/groups/reports/${(await ownReport(caller)).id}` }),
    },
  }
}
