// jsdom's XMLHttpRequest talks to the network; uploads in feature tests go to the fake server (fake-server.ts), which
// replaces fetch. This stand-in sends what an upload sends through fetch and reports the whole body as uploaded.
import { vi } from 'vitest'

class XhrOverFetch {
  status = 0
  statusText = ''
  responseText = ''
  withCredentials = false
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null }
  onload: (() => void) | null = null
  onerror: (() => void) | null = null
  onabort: (() => void) | null = null
  private method = 'GET'
  private url = ''
  private headers = new Headers()
  private responseHeaders = new Headers()

  open(method: string, url: string) {
    this.method = method
    this.url = url
  }
  setRequestHeader(name: string, value: string) {
    this.headers.set(name, value)
  }
  getResponseHeader(name: string) {
    return this.responseHeaders.get(name)
  }
  abort() {
    this.onabort?.()
  }
  send(body: FormData) {
    void fetch(this.url, { method: this.method, body, headers: this.headers }).then(
      async (response) => {
        this.upload.onprogress?.({ loaded: 100, total: 100, lengthComputable: true } as ProgressEvent)
        this.status = response.status
        this.statusText = response.statusText
        this.responseHeaders = response.headers
        this.responseText = await response.text()
        this.onload?.()
      },
      () => this.onerror?.(),
    )
  }
}

/** Routes XMLHttpRequest uploads through fetch for the rest of the test. */
export function uploadsThroughFetch() {
  vi.stubGlobal('XMLHttpRequest', XhrOverFetch)
}
