/** One server-sent event: its name (`message` when the block names none) and its data lines joined. */
export interface ServerSentEvent {
  event: string
  data: string
}

/**
 * Reads a text/event-stream body (the HTML spec's format) event by event: blocks end at a blank line; `event:` names
 * the event, `data:` lines join with newlines, comments (`:`) and other fields are skipped. A final block without
 * its blank line is still read when the stream ends.
 */
export async function* readEventStream(body: ReadableStream<Uint8Array>): AsyncGenerator<ServerSentEvent> {
  const reader = body.getReader()
  const decoder = new TextDecoder()
  let buffer = ''
  try {
    for (;;) {
      const { done, value } = await reader.read()
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true })
      const blocks = buffer.split(/\r\n\r\n|\n\n|\r\r/)
      buffer = done ? '' : (blocks.pop() ?? '')
      for (const block of blocks) {
        const event = parseBlock(block)
        if (event) yield event
      }
      if (done) return
    }
  } finally {
    reader.releaseLock()
  }
}

function parseBlock(block: string): ServerSentEvent | null {
  let event = 'message'
  const data: string[] = []
  for (const line of block.split(/\r\n|\n|\r/)) {
    if (line === '' || line.startsWith(':')) continue
    const colon = line.indexOf(':')
    const field = colon === -1 ? line : line.slice(0, colon)
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '')
    if (field === 'event') event = value
    else if (field === 'data') data.push(value)
  }
  return data.length === 0 && event === 'message' ? null : { event, data: data.join('\n') }
}
