import type { Sharp } from 'sharp'

/**
 * The largest picture decoded: 25 megapixels holds a 24 MP camera's full frame (6000 × 4000) and every phone's
 * default output (12 MP), while bounding one decode to about 100 MB of pixels and a second of CPU. The old 40 MP let
 * a 6,300 × 6,300 PNG cost 1.5 s, and six at once 500 MB.
 */
export const maximumInputPixels = 25_000_000

/** Thrown when the backlog is full: the caller answers 503 and asks the client to come back shortly. */
export class ImageQueueFull extends Error {
  constructor() {
    super('Image processing is busy')
    this.name = 'ImageQueueFull'
  }
}

/** Thrown when the input is not an image sharp reads, or has more than `maximumInputPixels`. */
export class UnreadableImage extends Error {
  constructor(readonly tooLarge: boolean) {
    super(tooLarge ? 'Image has too many pixels' : 'Not a readable image')
    this.name = 'UnreadableImage'
  }
}

/**
 * Runs at most `concurrency` tasks at once and keeps at most `backlog` waiting; beyond that a task is refused at
 * once (ImageQueueFull) rather than queued without bound, so a burst of uploads costs a bounded amount of memory.
 */
export function createImageQueue(options: { concurrency: number; backlog: number }) {
  let running = 0
  const waiting: Array<() => void> = []

  function next() {
    if (running >= options.concurrency) return
    const start = waiting.shift()
    if (start) start()
  }

  return {
    run<Result>(task: () => Promise<Result>): Promise<Result> {
      if (running >= options.concurrency && waiting.length >= options.backlog) {
        return Promise.reject(new ImageQueueFull())
      }
      return new Promise<Result>((resolve, reject) => {
        waiting.push(() => {
          running += 1
          task()
            .then(resolve, reject)
            .finally(() => {
              running -= 1
              next()
            })
        })
        next()
      })
    },
    get pending() {
      return running + waiting.length
    },
  }
}

export type ImageQueue = ReturnType<typeof createImageQueue>

/**
 * The one queue all image work goes through (avatars now, recipe images next). One image at a time: the machine's
 * other core serves requests and the database; sharp itself uses several threads per image.
 */
export const imageQueue = createImageQueue({ concurrency: 1, backlog: 8 })

/**
 * Decodes `input` within the pixel limit, applies `pipeline` and encodes, in `queue`. Errors are ImageQueueFull or
 * UnreadableImage, for the caller to turn into an answer.
 */
export function processImage(
  input: Buffer,
  pipeline: (image: Sharp) => Sharp,
  queue: ImageQueue = imageQueue,
): Promise<Buffer> {
  return queue.run(async () => {
    // sharp and libvips load with the first image, not at start-up (bench/cold-start).
    const { default: sharp } = await import('sharp')
    try {
      return await pipeline(sharp(input, { limitInputPixels: maximumInputPixels })).toBuffer()
    } catch (error) {
      throw new UnreadableImage(error instanceof Error && /pixel limit/i.test(error.message))
    }
  })
}
