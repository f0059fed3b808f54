import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { createImageQueue, ImageQueueFull, processImage, UnreadableImage } from './images.js'

describe('the image queue', () => {
  it('runs at most its concurrency at once and refuses tasks beyond its backlog', async () => {
    const queue = createImageQueue({ concurrency: 2, backlog: 3 })
    let running = 0
    let mostAtOnce = 0
    const releases: Array<() => void> = []
    const task = () =>
      new Promise<number>((resolve) => {
        running += 1
        mostAtOnce = Math.max(mostAtOnce, running)
        releases.push(() => {
          running -= 1
          resolve(running)
        })
      })
    const accepted = Array.from({ length: 5 }, () => queue.run(task))
    await expect(queue.run(task)).rejects.toBeInstanceOf(ImageQueueFull)
    expect(queue.pending).toBe(5)
    while (releases.length > 0 || running > 0) {
      releases.shift()?.()
      await new Promise((resolve) => setImmediate(resolve))
    }
    await Promise.all(accepted)
    expect(mostAtOnce).toBe(2)
    expect(queue.pending).toBe(0)
  })

  it('refuses a picture over 25 megapixels before decoding it', async () => {
    const huge = await sharp({ create: { width: 5100, height: 5100, channels: 3, background: '#777' } })
      .png({ compressionLevel: 1 })
      .toBuffer()
    const started = performance.now()
    const refusal = await processImage(huge, (image) => image.webp()).catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(UnreadableImage)
    expect((refusal as UnreadableImage).tooLarge).toBe(true)
    expect(performance.now() - started).toBeLessThan(200)
    const fine = await processImage(Buffer.from('not an image'), (image) => image.webp()).catch((error) => error)
    expect(fine).toMatchObject({ tooLarge: false })
  })
})
