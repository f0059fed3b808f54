import { createShoppingItems, getShoppingList, type ShoppingListChanges, type ShoppingListOut } from '@larder/contracts'
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { listenOnLoopback } from '../../../test/listening-server.js'
import { startLossyProxy, type LossyProxy } from '../../../test/lossy-proxy.js'
import { shoppingKitchen } from './shopping-test-kit.js'

const itemsPath = '/api/households/shopping/items'
const listsPath = '/api/households/shopping/lists'
const maximumAttempts = 10

interface Sent {
  status: number
  replayed: boolean
  attempts: number
  body: unknown
}

/**
 * One phone behind the proxy, sending like the web's offline layer (apps/web/src/api/offline/offline-writes.ts):
 * writes one after another in the order they were made, each with the key it was made with, resent with that same
 * key after a cut connection until an answer comes (here bounded, and with a short wait instead of 1 s doubling).
 */
function phone(proxy: LossyProxy, authorization: string) {
  const stats = { attempts: 0, cut: 0, replayed: 0 }
  async function send(method: string, path: string, body?: unknown, key?: string): Promise<Sent> {
    for (let attempt = 1; attempt <= maximumAttempts; attempt++) {
      stats.attempts++
      try {
        const response = await fetch(`${proxy.base}${path}`, {
          method,
          headers: {
            authorization,
            ...(key ? { 'idempotency-key': key } : {}),
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(15_000),
        })
        const text = await response.text()
        const replayed = response.headers.get('idempotent-replayed') !== null
        if (replayed) stats.replayed++
        return {
          status: response.status,
          replayed,
          attempts: attempt,
          body: text ? (JSON.parse(text) as unknown) : null,
        }
      } catch {
        // A cut connection: the write may or may not have happened; the same key makes resending it safe.
        stats.cut++
        await new Promise((resolve) => setTimeout(resolve, 20 * attempt))
      }
    }
    throw new Error(`no answer to ${method} ${path} after ${maximumAttempts} attempts`)
  }
  return {
    stats,
    /** A write the queue sends: one key for all its attempts. */
    write: (method: string, path: string, body: unknown) => send(method, path, body, randomUUID()),
    read: async <T>(path: string): Promise<T> => {
      const answer = await send('GET', path)
      expect(answer.status).toBe(200)
      return answer.body as T
    },
  }
}

const itemState = (list: ShoppingListOut) =>
  list.listItems.map((item) => ({ id: item.id, checked: item.checked, quantity: item.quantity }))

describe('two phones on a lossy network', () => {
  it(
    'check 30 items each of one 60-item list through 300 ms and 10 % drops: every write lands once and all agree',
    { timeout: 60_000 },
    async () => {
      const { app, api, cook, mate, list } = await shoppingKitchen()
      const groceries = await list()
      const { createdItems } = await api.ok(createShoppingItems, {
        as: cook,
        body: Array.from({ length: 60 }, (_, index) => ({
          shoppingListId: groceries.id,
          note: `thing ${index}`,
          quantity: 1,
        })),
      })
      expect(createdItems).toHaveLength(60)
      const before = await api.ok(getShoppingList, { as: cook, params: { id: groceries.id } })

      const server = await listenOnLoopback(app)
      // Half the drops lose the request before the server, half lose its answer after the write was made.
      const proxy = await startLossyProxy(server.base, {
        delayMs: 300,
        dropRequestShare: 0.05,
        dropAnswerShare: 0.05,
        seed: 32,
      })
      try {
        const phones = [phone(proxy, api.authorization(cook)), phone(proxy, api.authorization(mate))]
        // The first ten lines are raised by both phones (2 and 3): an increment applied twice would show in the sum.
        const shared = createdItems.slice(0, 10)
        const increments = [2, 3]
        const answers = await Promise.all(
          phones.map(async (device, index) => {
            const sent: Sent[] = []
            for (const item of shared) {
              sent.push(
                await device.write('PUT', `${itemsPath}/${item.id}`, {
                  shoppingListId: groceries.id,
                  quantityIncrement: increments[index],
                }),
              )
            }
            for (const item of createdItems.slice(index * 30, index * 30 + 30)) {
              sent.push(
                await device.write('PUT', `${itemsPath}/${item.id}`, { shoppingListId: groceries.id, checked: true }),
              )
            }
            return sent
          }),
        )
        console.log(
          'lossy proxy:',
          JSON.stringify(proxy.counts),
          'phones:',
          JSON.stringify(phones.map((device) => device.stats)),
        )
        // The network really lost requests and answers, and every write still got its answer in the end.
        expect(proxy.counts.droppedRequests).toBeGreaterThan(0)
        expect(proxy.counts.droppedAnswers).toBeGreaterThan(0)
        expect(answers.flat().map((answer) => answer.status)).toEqual(Array(80).fill(200))
        expect(answers.flat().some((answer) => answer.replayed)).toBe(true)

        const truth = await api.ok(getShoppingList, { as: cook, params: { id: groceries.id } })
        // Each of the 80 writes changed the list once: one version each, none twice, none missing.
        expect(truth.version).toBe(before.version + 80)
        expect(truth.listItems).toHaveLength(60)
        expect(truth.listItems.every((item) => item.checked)).toBe(true)
        const sharedIds = new Set(shared.map((item) => item.id))
        for (const item of truth.listItems) expect(item.quantity).toBe(sharedIds.has(item.id) ? 1 + 2 + 3 : 1)

        // Both phones read the list (and its changes from the start) through the same network and see the server's.
        for (const device of phones) {
          const seen = await device.read<ShoppingListOut>(`${listsPath}/${groceries.id}`)
          expect(itemState(seen)).toEqual(itemState(truth))
          const changes = await device.read<ShoppingListChanges>(`${listsPath}/${groceries.id}/changes?since=0`)
          expect(changes.version).toBe(truth.version)
          expect(changes.deletedItemIds).toEqual([])
          expect(
            changes.items.map((item) => ({ id: item.id, checked: item.checked, quantity: item.quantity })),
          ).toEqual(itemState(truth))
        }
      } finally {
        await proxy.close()
      }
    },
  )
})
