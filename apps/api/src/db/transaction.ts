import type { Database, Executor } from './client.js'
import { postgresErrorOf } from './errors.js'

/**
 * SQLSTATEs with which PostgreSQL ends a transaction that did nothing wrong and would pass when run again: it lost a
 * deadlock (40P01) or a serialization conflict (40001) to another transaction.
 */
const conflictStates = new Set(['40P01', '40001'])

export const isRetriableConflict = (error: unknown) => conflictStates.has(postgresErrorOf(error)?.code ?? '')

export interface TransactionRetry {
  /** Runs in all, the first included; the last one's failure is thrown. */
  attempts: number
  /** The wait before the second run; doubled after each, with jitter so that the losers do not meet again. */
  firstDelayMs: number
}

export const defaultTransactionRetry: TransactionRetry = { attempts: 4, firstDelayMs: 20 }

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Runs `work` in a transaction and runs it again, a bounded number of times, when PostgreSQL aborted it for a
 * deadlock or a serialization failure — the transactions of parallel imports that create the same units, foods and
 * tags. Everything `work` did was rolled back with the transaction, so `work` must do nothing outside it that a
 * second run would repeat (files, outbound calls): keep those after the commit.
 */
export async function inTransaction<Result>(
  db: Database,
  work: (tx: Executor) => Promise<Result>,
  retry: TransactionRetry = defaultTransactionRetry,
): Promise<Result> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction((tx) => work(tx))
    } catch (error) {
      if (attempt >= retry.attempts || !isRetriableConflict(error)) throw error
      const delay = retry.firstDelayMs * 2 ** (attempt - 1)
      await pause(delay / 2 + Math.random() * delay)
    }
  }
}
