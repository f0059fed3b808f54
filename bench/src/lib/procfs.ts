import { readdirSync, readFileSync } from 'node:fs'

/** One line of /proc/<pid>/stat, the fields we use. */
export interface ProcessInfo {
  pid: number
  ppid: number
  comm: string
  /** Clock ticks since boot; with the pid it identifies a process even if the pid is reused. */
  startTime: number
  /** User + system CPU time, in clock ticks. */
  cpuTicks: number
}

/** Linux reports CPU times in USER_HZ, which is 100 on every mainstream architecture. */
export const clockTicksPerSecond = 100

export function readProcess(pid: number): ProcessInfo | null {
  let stat: string
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  } catch {
    return null
  }
  // The command name is in parentheses and may itself contain spaces or parentheses.
  const open = stat.indexOf('(')
  const close = stat.lastIndexOf(')')
  const fields = stat.slice(close + 2).split(' ')
  // fields[0] is field 3 (state): ppid is field 4, utime 14, stime 15, starttime 22.
  return {
    pid,
    ppid: Number(fields[1]),
    comm: stat.slice(open + 1, close),
    cpuTicks: Number(fields[11]) + Number(fields[12]),
    startTime: Number(fields[19]),
  }
}

export function listProcesses(): ProcessInfo[] {
  const processes: ProcessInfo[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    const info = readProcess(Number(entry))
    if (info) processes.push(info)
  }
  return processes
}

/** Every process below `rootPid` (children, grandchildren, …), walking the ppid links of /proc/<pid>/stat. */
export function descendantsOf(rootPid: number): ProcessInfo[] {
  const byParent = new Map<number, ProcessInfo[]>()
  for (const info of listProcesses()) {
    const siblings = byParent.get(info.ppid) ?? []
    siblings.push(info)
    byParent.set(info.ppid, siblings)
  }
  const found: ProcessInfo[] = []
  const queue = [rootPid]
  while (queue.length > 0) {
    const parent = queue.shift() as number
    for (const child of byParent.get(parent) ?? []) {
      found.push(child)
      queue.push(child.pid)
    }
  }
  return found
}

/** The process is still the same one (same pid and start time) and has not exited. */
export function isAlive(info: Pick<ProcessInfo, 'pid' | 'startTime'>): boolean {
  const now = readProcess(info.pid)
  return now !== null && now.startTime === info.startTime && !isZombie(info.pid)
}

function isZombie(pid: number): boolean {
  try {
    return /^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'))
  } catch {
    return false
  }
}

export interface ProcessMemory {
  pid: number
  name: string
  /** Resident set size (kB), shared pages counted in full in every process that maps them. */
  rssKb: number
  /** Proportional set size (kB): each shared page divided among the processes that map it. */
  pssKb: number
  /** The anonymous (private heap) part of PSS. */
  pssAnonKb: number
  /** The shared-memory part of PSS (PostgreSQL's shared buffers). */
  pssShmemKb: number
  /** The file-backed part of PSS (binaries, libraries). */
  pssFileKb: number
}

function kbField(text: string, field: string): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text)
  return match ? Number(match[1]) : 0
}

/** The short label of a process: `node`, or PostgreSQL's title such as `postgres: checkpointer`. */
function processName(pid: number, fallback: string): string {
  try {
    const commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean)
    if (commandLine[0]?.startsWith('postgres:')) return commandLine.join(' ').slice(0, 60)
    return fallback
  } catch {
    return fallback
  }
}

export function readMemory(pid: number, comm: string): ProcessMemory | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8')
    return {
      pid,
      name: processName(pid, comm),
      rssKb: kbField(status, 'VmRSS'),
      pssKb: kbField(rollup, 'Pss'),
      pssAnonKb: kbField(rollup, 'Pss_Anon'),
      pssShmemKb: kbField(rollup, 'Pss_Shmem'),
      pssFileKb: kbField(rollup, 'Pss_File'),
    }
  } catch {
    return null // exited meanwhile
  }
}
