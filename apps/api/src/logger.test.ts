import { PassThrough } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { createLogger, type LogDestination } from './logger.js'

function capture(isTTY: boolean) {
  const stream: LogDestination = Object.assign(new PassThrough(), { isTTY })
  let text = ''
  stream.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')))
  return { stream, text: () => text }
}

describe('logs', () => {
  it('are readable lines on a terminal', async () => {
    const output = capture(true)
    const logger = await createLogger({ LOG_LEVEL: 'info' }, output.stream)
    logger.info('Larder is ready')
    await new Promise((resolve) => setImmediate(resolve))
    expect(output.text()).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: Larder is ready\n$/)
  })

  it('are JSON lines otherwise', async () => {
    const output = capture(false)
    const logger = await createLogger({ LOG_LEVEL: 'info' }, output.stream)
    logger.info('Larder is ready')
    await new Promise((resolve) => setImmediate(resolve))
    expect(JSON.parse(output.text())).toMatchObject({ level: 30, msg: 'Larder is ready' })
  })
})
