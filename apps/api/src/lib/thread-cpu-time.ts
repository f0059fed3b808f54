import { readFileSync } from 'node:fs'

/**
 * The processor time one thread has used, read from Linux's /proc. A worker's time limit counts this rather than the
 * clock: a page-reading thread runs at low priority, and on a busy two-core machine it may wait many seconds for a
 * turn, which says nothing about the page. Elsewhere (no /proc) both functions answer null and callers use the clock.
 */

/** Linux reports thread times in clock ticks of 1/100 s (USER_HZ, the same on every architecture Node runs on). */
const millisecondsPerTick = 10

/** The calling thread's id in the operating system (not Node's `threadId`): a worker sends it to its pool. */
export function currentOsThreadId(): number | null {
  try {
    const id = Number.parseInt(readFileSync('/proc/thread-self/stat', 'utf8'), 10)
    return Number.isSafeInteger(id) && id > 0 ? id : null
  } catch {
    return null
  }
}

/** Milliseconds of processor time (user and system) used so far by the thread `osThreadId` of this process. */
export function threadCpuMilliseconds(osThreadId: number): number | null {
  try {
    const stat = readFileSync(`/proc/self/task/${osThreadId}/stat`, 'utf8')
    // The name field, in parentheses, may hold spaces: the fields are counted from after its closing parenthesis,
    // where the third field is the state, so utime and stime (fields 14 and 15) are the 12th and 13th there.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    const ticks = Number(fields[11]) + Number(fields[12])
    return Number.isFinite(ticks) ? ticks * millisecondsPerTick : null
  } catch {
    return null
  }
}
