import { PassThrough } from 'node:stream'
import type { ImportStreamEvent } from '@larder/contracts'
import type { FastifyReply } from 'fastify'
import { HttpError, ValidationFailure } from '../../http/errors.js'
import type { ProgressReport } from './service.js'

/** What a person is told when an import fails with something that is not an expected failure (docs/api.md "Errors"). */
const genericFailure = 'The recipe could not be imported because of an error in Larder'

function messageOf(error: unknown): string {
  if (error instanceof HttpError) return error.message
  if (error instanceof ValidationFailure) return error.issues.map((issue) => issue.msg).join('; ')
  return genericFailure
}

const frame = (event: ImportStreamEvent) => `event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`

/**
 * Answers a streaming create (docs/mealie-compatibility.md "After Mealie 2.0") as text/event-stream: `progress` {message} while `work` runs, then
 * `done` {slug} or `error` {message}. The answer is 200 once started, so failures travel as events; what is not an
 * expected failure is logged and told generically, as the error handler does.
 */
export function sendImportStream(
  reply: FastifyReply,
  work: (progress: ProgressReport) => Promise<{ slug: string }>,
  log: (message: string, error?: unknown) => void,
): FastifyReply {
  const stream = new PassThrough()
  const send = (event: ImportStreamEvent) => {
    if (!stream.writableEnded) stream.write(frame(event))
  }
  void work((message) => send({ event: 'progress', data: { message } }))
    .then(
      ({ slug }) => send({ event: 'done', data: { slug } }),
      (error: unknown) => {
        if (!(error instanceof HttpError) && !(error instanceof ValidationFailure)) log('import failed', error)
        send({ event: 'error', data: { message: messageOf(error) } })
      },
    )
    .finally(() => stream.end())
  return reply
    .type('text/event-stream; charset=utf-8')
    .header('cache-control', 'no-cache, no-store')
    .header('x-accel-buffering', 'no')
    .send(stream)
}
