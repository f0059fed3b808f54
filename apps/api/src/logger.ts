import pino from 'pino'
import type { Config } from './config.js'

/** Where log lines go: standard output, or a stream a test hands in. */
export type LogDestination = NodeJS.WritableStream & { isTTY?: boolean }

/**
 * Readable lines for a person at a terminal; JSON lines, one object each, for log collectors otherwise. pino-pretty
 * is loaded only for a terminal, and runs in this thread (not a transport worker) so that the bundled app needs no
 * worker file and the last lines before an exit are written.
 */
export async function createLogger(config: Pick<Config, 'LOG_LEVEL'>, destination: LogDestination = process.stdout) {
  const options = {
    level: config.LOG_LEVEL,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
  }
  if (!destination.isTTY) return destination === process.stdout ? pino(options) : pino(options, destination)
  const { default: pretty } = await import('pino-pretty')
  return pino(
    options,
    pretty({
      destination,
      sync: true,
      colorize: destination === process.stdout ? undefined : false,
      translateTime: 'SYS:HH:MM:ss',
      ignore: 'pid,hostname',
    }),
  )
}
