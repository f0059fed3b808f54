import { describe, expect, it } from 'vitest'
import { foreignKeyOrder, planRestore } from './restore-plan.js'
import type { TableShape } from './tables.repo.js'

const column = (name: string, writable = true) => ({ name, writable, sequence: null })

/** groups ← users; folders reference their parent folder and a user; labels have a generated column. */
const shapes = new Map<string, TableShape>([
  [
    'users',
    {
      name: 'users',
      columns: [column('id'), column('group_id'), column('email')],
      primaryKey: ['id'],
      foreignKeys: [{ columns: ['group_id'], referencedTable: 'groups', referencedColumns: ['id'] }],
    },
  ],
  [
    'groups',
    {
      name: 'groups',
      columns: [column('id'), column('name'), column('slug', false)],
      primaryKey: ['id'],
      foreignKeys: [],
    },
  ],
  [
    'folders',
    {
      name: 'folders',
      columns: [column('id'), column('parent_id'), column('user_id')],
      primaryKey: ['id'],
      foreignKeys: [
        { columns: ['parent_id'], referencedTable: 'folders', referencedColumns: ['id'] },
        { columns: ['user_id'], referencedTable: 'users', referencedColumns: ['id'] },
      ],
    },
  ],
])

const g1 = '11111111-1111-4111-8111-111111111111'
const u1 = '22222222-2222-4222-8222-222222222222'

describe('planRestore', () => {
  it('orders tables after the tables they reference', () => {
    const order = foreignKeyOrder(shapes)
    expect(order.indexOf('groups')).toBeLessThan(order.indexOf('users'))
    expect(order.indexOf('users')).toBeLessThan(order.indexOf('folders'))
  })

  it('leaves out rows whose references do not land, and their children after them, counting each reason', () => {
    const plan = planRestore(
      {
        groups: [{ id: g1, name: 'Home' }],
        users: [
          { id: u1, group_id: g1.toUpperCase(), email: 'a@example.com' },
          { id: 'u-lost', group_id: 'no-such-group', email: 'b@example.com' },
        ],
        folders: [
          { id: 'f-child', parent_id: 'f-root', user_id: u1 },
          { id: 'f-root', parent_id: null, user_id: u1 },
          { id: 'f-orphan', parent_id: 'f-missing', user_id: u1 },
          { id: 'f-of-lost-user', parent_id: null, user_id: 'u-lost' },
          { id: 'f-root', parent_id: null, user_id: u1 },
        ],
      },
      shapes,
    )
    const byName = Object.fromEntries(plan.map((table) => [table.name, table]))
    expect(byName.users!.report).toEqual({
      restored: 1,
      skipped: 1,
      reasons: ['a row whose group_id names no groups row (1 row)'],
    })
    // Parents first within a table that references itself.
    expect(byName.folders!.rows.map((row) => row.id)).toEqual(['f-root', 'f-child'])
    expect(byName.folders!.report.skipped).toBe(3)
    expect(byName.folders!.report.reasons.sort()).toEqual([
      'a repeated id (1 row)',
      'a row whose parent_id names no folders row (1 row)',
      'a row whose user_id names no users row (1 row)',
    ])
  })

  it('writes only the columns the dump has (the others take their defaults), never a generated one, and says what it ignored', () => {
    const plan = planRestore({ groups: [{ id: g1, name: 'Home', slug: 'home', retired_column: 1 }] }, shapes)
    const groups = plan.find((table) => table.name === 'groups')!
    expect(groups.columns).toEqual(['id', 'name'])
    expect(groups.report).toEqual({
      restored: 1,
      skipped: 0,
      reasons: ["column retired_column is not in this Larder's groups: its values were left out"],
    })
  })
})
