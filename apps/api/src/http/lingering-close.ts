import type { FastifyReply, FastifyRequest } from 'fastify'

/** Past this many unread bytes, or this long, a refused body is not worth reading: the connection is cut instead. */
const lingeringByteLimit = 64 * 1024 * 1024
const lingeringTimeMs = 10_000

/**
 * Lets the client hear why its body was refused. Fastify answers a body over the limit at once and closes the
 * connection while the client is still sending; the client's next write then meets a reset, and most clients (fetch,
 * Mealie's apps) report "connection reset" instead of our 413. Like nginx's lingering close, we read and discard the
 * rest of the body, within a byte and time budget, and keep the connection open, so the answer arrives whole.
 */
export function lingerOverRefusedBody(request: FastifyRequest, reply: FastifyReply): void {
  const incoming = request.raw
  if (incoming.complete || incoming.destroyed) return
  const declaredLength = Number(incoming.headers['content-length'])
  if (declaredLength > lingeringByteLimit) return
  reply.removeHeader('connection')
  let discarded = 0
  const cut = () => incoming.socket?.destroy()
  const timer = setTimeout(cut, lingeringTimeMs)
  timer.unref()
  incoming.on('data', (chunk: Buffer) => {
    discarded += chunk.length
    if (discarded > lingeringByteLimit) cut()
  })
  incoming.once('end', () => clearTimeout(timer))
  incoming.once('close', () => clearTimeout(timer))
}
