import {
  allEndpoints,
  camelCaseOf,
  listGroupMembers,
  schemaDefinitionOf,
  type EndpointDefinition,
} from '@larder/contracts'
import { beforeAll, describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { createTestApp, type TestApp } from './test-app.js'

/**
 * A list may filter, order and search only on what it shows its caller (issue 10, item 10): a hidden field that can
 * be filtered on can be read one character at a time (`email LIKE "a%"`, then `"ab%"`, …). Every list the contracts
 * declare is probed with every column name in the database and with relation paths built from every table name; each
 * attribute the list accepts must appear in the answer's item schema.
 */

function shapes(schema: z.ZodType): Record<string, z.ZodType>[] {
  const definition = schemaDefinitionOf(schema)
  if (definition.innerType) return shapes(definition.innerType)
  if (definition.type === 'object') return [definition.shape ?? {}]
  if (definition.type === 'array') return shapes(definition.element!)
  if (definition.type === 'union') return (definition.options ?? []).flatMap(shapes)
  return []
}

/** Shown nested (`preferences.private_household`) or flattened as Mealie flattens a relation (`group.slug` → `groupSlug`). */
function shows(schema: z.ZodType, path: string[]): boolean {
  const [first, ...rest] = path
  if (first === undefined) return true
  // Up to letter case: Mealie writes `orgURL` for the column `org_url`.
  const keyOf = (shape: Record<string, z.ZodType>, key: string) =>
    Object.keys(shape).find((candidate) => candidate.toLowerCase() === key.toLowerCase())
  return shapes(schema).some((shape) => {
    const nested = keyOf(shape, camelCaseOf(first))
    return (
      (nested !== undefined && shows(shape[nested]!, rest)) ||
      (rest.length > 0 && keyOf(shape, camelCaseOf(path.join('_'))) !== undefined)
    )
  })
}

/** What the caller reads about each item: the items themselves, or the wider schema a list declares as `filterable`. */
const itemSchema = (definition: EndpointDefinition) =>
  definition.filterable ??
  schemaDefinitionOf(schemaDefinitionOf(definition.responses[200] as z.ZodType).shape!.items!).element!

const lists = allEndpoints.filter((definition) => definition.method === 'GET' && definition.query?.shape.queryFilter)

describe('every list filters, orders and searches only on what it shows', () => {
  let testApp: TestApp
  let admin: { id: string }
  let candidates: string[]
  /** The lists under a group's address (explore) read a public group. */
  let groupSlug: string

  beforeAll(async () => {
    testApp = await createTestApp()
    groupSlug = (await testApp.make.group({ privateGroup: false })).slug
    admin = await testApp.make.user({ admin: true })
    const columns = await testApp.sql<{ table: string; column: string }[]>`
      select table_name as table, column_name as column from information_schema.columns where table_schema = 'public'`
    const columnNames = [...new Set(columns.map((row) => row.column))]
    const relationNames = [...new Set(columns.flatMap((row) => [row.table, row.table.replace(/s$/, '')]))]
    const relationColumns = ['id', 'name', 'slug', 'email', 'username', 'password_hash', 'token_hash', 'token']
    candidates = [
      ...columnNames,
      ...relationNames.flatMap((relation) => relationColumns.map((column) => `${relation}.${column}`)),
      'household.preferences.private_household',
      'group.preferences.private_group',
    ]
  })

  it('probes at least one list', () => {
    expect(lists.length).toBeGreaterThan(0)
  })

  it.each(lists.map((definition) => [definition.path, definition] as const))(
    '%s accepts in queryFilter and orderBy only attributes its answer shows',
    async (_path, definition) => {
      const params = definition.path.includes(':groupSlug') ? { params: { groupSlug } } : {}
      const list = (query: Record<string, string>) => testApp.api.call(definition, { as: admin, query, ...params })
      const accepted: string[] = []
      for (const attribute of candidates) {
        const filtered = await list({ queryFilter: `${attribute} IS NULL` })
        expect([200, 400], `${attribute}: ${filtered.text}`).toContain(filtered.status)
        if (filtered.status === 200) accepted.push(attribute)
        if (attribute.includes('.')) continue
        const ordered = await list({ orderBy: attribute })
        expect([200, 400], `${attribute}: ${ordered.text}`).toContain(ordered.status)
        if (ordered.status === 200) accepted.push(attribute)
      }
      expect(accepted, 'the probe found nothing the list filters on').toContain('id')
      const hidden = accepted.filter((attribute) => !shows(itemSchema(definition), attribute.split('.')))
      expect(hidden).toEqual([])
    },
    60_000,
  )

  it("does not let a member find another member's email through the members list", async () => {
    const member = await testApp.make.user()
    const mate = await testApp.make.user({ householdId: member.householdId, email: 'quietly.private@example.org' })
    const members = (query: Record<string, string>) => testApp.api.call(listGroupMembers, { as: member, query })
    const probes: Record<string, string>[] = [
      { queryFilter: `email LIKE "${mate.email.slice(0, 3)}%"` },
      { orderBy: 'email' },
      { queryFilter: 'tokens.name IS NOT NULL' },
      { orderBy: 'auth_method' },
    ]
    for (const query of probes) {
      expect((await members(query)).status, JSON.stringify(query)).toBe(400)
    }
    const searched = await members({ search: '"quietly.private"' })
    expect(searched.status).toBe(200)
    expect(searched.body).toMatchObject({ items: [] })
  })
})
