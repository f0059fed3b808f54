import { describe, expect, it } from 'vitest'
import { readEventStream } from './event-stream'

/** A body that arrives in the given pieces, as a network would cut it. */
function bodyOf(...pieces: string[]) {
  const encoder = new TextEncoder()
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(encoder.encode(piece))
      controller.close()
    },
  })
}

async function eventsOf(...pieces: string[]) {
  const events = []
  for await (const event of readEventStream(bodyOf(...pieces))) events.push(event)
  return events
}

describe('reading a text/event-stream body', () => {
  it('reads named events whose blocks are cut anywhere by the network', async () => {
    expect(
      await eventsOf('event: progress\nda', 'ta: {"message":"Fetching"}\n', '\nevent: done\ndata: {"slug":"soup"}\n\n'),
    ).toEqual([
      { event: 'progress', data: '{"message":"Fetching"}' },
      { event: 'done', data: '{"slug":"soup"}' },
    ])
  })

  it('joins data lines, skips comments and reads a last block that lacks its blank line', async () => {
    expect(
      await eventsOf(': keep-alive\n\r\ndata: one\r\ndata: two\r\n\r\nevent: error\ndata:{"message":"No"}'),
    ).toEqual([
      { event: 'message', data: 'one\ntwo' },
      { event: 'error', data: '{"message":"No"}' },
    ])
  })
})
