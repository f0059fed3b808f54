import { describe, expect, it } from 'vitest'
import { readyToRender } from './ready-to-render'

function deferred() {
  let resolve: () => void = () => undefined
  const promise = new Promise<void>((settle) => {
    resolve = settle
  })
  return { promise, resolve }
}

async function settledAfter(promise: Promise<unknown>, step: () => void): Promise<boolean> {
  let settled = false
  void promise.then(() => {
    settled = true
  })
  await new Promise((resolve) => setTimeout(resolve, 0))
  const before = settled
  step()
  await new Promise((resolve) => setTimeout(resolve, 0))
  return !before && settled
}

describe('readyToRender', () => {
  it('waits for the theme as well as the locale', async () => {
    const theme = deferred()
    const ready = readyToRender({
      locale: Promise.resolve(),
      theme: theme.promise,
      session: () => Promise.resolve(),
      drawn: false,
    })
    expect(await settledAfter(ready, theme.resolve)).toBe(true)
  })

  it('waits for the session on a drawn page only', async () => {
    const session = deferred()
    const drawn = readyToRender({
      locale: Promise.resolve(),
      theme: Promise.resolve(),
      session: () => session.promise,
      drawn: true,
    })
    expect(await settledAfter(drawn, session.resolve)).toBe(true)
    let asked = false
    await readyToRender({
      locale: Promise.resolve(),
      theme: Promise.resolve(),
      session: () => {
        asked = true
        return new Promise(() => undefined)
      },
      drawn: false,
    })
    expect(asked).toBe(false)
  })
})
