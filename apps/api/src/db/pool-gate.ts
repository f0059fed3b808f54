import type postgres from 'postgres'

/** No connection of the pool became free in time: the pool is exhausted, or a transaction waits for a second one. */
export class PoolTimeoutError extends Error {
  constructor(waitedMs: number) {
    super(
      `No database connection became free within ${waitedMs / 1000} s: every connection of the pool is busy ` +
        '(or held by a transaction that waits for another connection)',
    )
    this.name = 'PoolTimeoutError'
  }
}

/**
 * As many permits as the pool has connections, handed out in arrival order. Each waiter's deadline is set once,
 * when it starts waiting, so a busy pool can never push it further out.
 */
class Permits {
  private free: number
  private readonly waiting: Array<() => void> = []

  constructor(
    count: number,
    private readonly timeoutMs: number,
  ) {
    this.free = count
  }

  private acquire(): Promise<void> {
    if (this.free > 0) {
      this.free -= 1
      return Promise.resolve()
    }
    return new Promise((resolve, reject) => {
      const grant = () => {
        clearTimeout(timer)
        resolve()
      }
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(grant), 1)
        reject(new PoolTimeoutError(this.timeoutMs))
      }, this.timeoutMs)
      this.waiting.push(grant)
    })
  }

  private release(): void {
    const next = this.waiting.shift()
    if (next) next()
    else this.free += 1
  }

  async run<T>(work: () => PromiseLike<T>): Promise<T> {
    await this.acquire()
    try {
      return await work()
    } finally {
      this.release()
    }
  }
}

/**
 * postgres.js queues a query for as long as every connection is busy and has no acquire timeout of its own
 * (porsager/postgres#824). This puts one in front of it: the pool's two entry points that Drizzle uses — `unsafe`
 * for a statement and `begin` for a transaction — first take a permit, and fail with PoolTimeoutError when none
 * frees in time. A permit is held until the statement answers or the transaction ends, so a permit means a free
 * connection as long as the pool is used through Drizzle (the raw `sql` client of DatabaseConnection bypasses the
 * gate: keep it for tests and tools). Statements inside a transaction run on that transaction's own connection and take no permit;
 * a pool statement issued inside one waits for a permit like any other, so the mistake fails instead of freezing.
 */
export function gatePool(sql: postgres.Sql, options: { connections: number; acquireTimeoutMs: number }): postgres.Sql {
  const permits = new Permits(options.connections, options.acquireTimeoutMs)
  const unsafe = (...args: Parameters<postgres.Sql['unsafe']>) => {
    // Lazy like postgres.js's own pending query: nothing runs, and no permit is taken, until it is awaited.
    const pending = {
      values: () => permits.run(() => sql.unsafe(...args).values()),
      raw: () => permits.run(() => sql.unsafe(...args).raw()),
      then: <Result, Failure = never>(
        onFulfilled?: ((rows: postgres.RowList<postgres.Row[]>) => Result | PromiseLike<Result>) | null,
        onRejected?: ((reason: unknown) => Failure | PromiseLike<Failure>) | null,
      ) => permits.run(() => sql.unsafe(...args)).then(onFulfilled, onRejected),
    }
    return pending
  }
  const begin = (...args: unknown[]) =>
    permits.run(() => (sql.begin as (...inner: unknown[]) => Promise<unknown>)(...args))
  return new Proxy(sql, {
    get(target, property, receiver) {
      if (property === 'unsafe') return unsafe
      if (property === 'begin') return begin
      return Reflect.get(target, property, receiver) as unknown
    },
  })
}
