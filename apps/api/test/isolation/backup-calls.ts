import type { TestApp } from '../test-app.js'
import { multipartFile, type EndpointCase } from './endpoint-calls.js'
import type { World } from './world.js'

/** An empty zip: its end record alone. Enough for the upload, which stores what looks like a zip. */
const emptyZip = Buffer.from([0x50, 0x4b, 0x05, 0x06, ...new Array<number>(18).fill(0)])

/**
 * The matrix's cases for backups (modules/backups): administrators only. A restore or a verify in the matrix names
 * a backup that does not exist (404 past the guards): restoring would replace the world the other cases use;
 * modules/backups/backups.test.ts restores for real.
 */
export function backupCases(_testApp: TestApp, _world: World): Record<string, EndpointCase> {
  const path = '/api/admin/backups'
  const missing = `${path}/larder_1999.01.01.00.00.00.zip`
  return {
    [`GET ${path}`]: { rule: 'admin', foreignCheck: false, request: () => ({ url: path }) },
    [`POST ${path}`]: { rule: 'admin', allowedStatus: 201, foreignCheck: false, request: () => ({ url: path }) },
    [`POST ${path}/upload`]: {
      rule: 'admin',
      request: () => ({ url: `${path}/upload`, ...multipartFile('archive', 'matrix.zip', emptyZip) }),
    },
    [`GET ${path}/:fileName`]: { rule: 'admin', allowedStatus: 404, request: () => ({ url: missing }) },
    [`DELETE ${path}/:fileName`]: { rule: 'admin', allowedStatus: 404, request: () => ({ url: missing }) },
    [`POST ${path}/:fileName/restore`]: {
      rule: 'admin',
      allowedStatus: 404,
      request: () => ({ url: `${missing}/restore` }),
    },
    [`POST ${path}/:fileName/verify`]: {
      rule: 'admin',
      allowedStatus: 404,
      request: () => ({ url: `${missing}/verify` }),
    },
  }
}
