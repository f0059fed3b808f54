import { openLiveEvents } from '@larder/contracts'
import type { FastifyInstance } from 'fastify'
import { registerEndpoint } from '../../http/register-endpoint.js'
import type { LiveService } from './service.js'

/** The resume point: `Last-Event-ID`, set by EventSource on its own reconnects, before the query's `lastEventId`. */
function resumeVersion(header: string | string[] | undefined, query: number | undefined): number | null {
  const value = Array.isArray(header) ? header[0] : header
  if (value !== undefined && /^\d{1,15}$/.test(value.trim())) return Number(value.trim())
  return query ?? null
}

export function registerLiveRoutes(app: FastifyInstance, live: LiveService): void {
  registerEndpoint(app, openLiveEvents, async ({ caller, query, request, reply }) => {
    await live.open(
      caller,
      resumeVersion(request.headers['last-event-id'], query.lastEventId),
      { once: query.once ?? false },
      () => {
        // The stream is written by hand from here on; Fastify's own answer (and its serialiser) stand aside.
        reply.hijack()
        const response = reply.raw
        // The headers every answer carries (security headers, request id), set on the reply before the handler ran.
        for (const [name, value] of Object.entries(reply.getHeaders())) {
          if (value !== undefined) response.setHeader(name, typeof value === 'number' ? String(value) : value)
        }
        response.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          // No proxy or browser may hold the stream back, store it or transform it.
          'cache-control': 'no-cache, no-store, no-transform',
          'x-accel-buffering': 'no',
          connection: 'keep-alive',
        })
        response.flushHeaders()
        // Each poke leaves at once rather than waiting to fill a packet (absent on the injected requests of tests).
        request.raw.socket?.setNoDelay?.(true)
        return {
          sink: {
            write: (frame) => response.write(frame),
            queuedBytes: () => response.writableLength,
            end: () => response.end(),
          },
          onClientGone: (listener) => response.on('close', listener),
        }
      },
    )
    return reply
  })
}
