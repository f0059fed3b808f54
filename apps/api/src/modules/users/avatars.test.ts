import { getUserImage } from '@larder/contracts'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { createTestApp } from '../../../test/test-app.js'

function multipartPicture(picture: Buffer) {
  const boundary = 'avatar-boundary'
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="profile"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      picture,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  }
}

describe('profile pictures', () => {
  it('serves a default picture for a user who has not uploaded one, and 404 for an unknown user', async () => {
    const testApp = await createTestApp({ DATA_DIR: `/tmp/larder-default-avatar-${process.pid}` })
    const user = await testApp.make.user()
    const picture = (id: string, fileName: string) => testApp.api.call(getUserImage, { params: { id, fileName } })
    const answer = await picture(user.id, 'profile.webp')
    expect(answer.status).toBe(200)
    expect(answer.headers['content-type']).toBe('image/webp')
    expect(answer.headers['cache-control']).toBe('public, max-age=300')
    const metadata = await sharp(answer.bytes).metadata()
    expect({ format: metadata.format, width: metadata.width }).toEqual({ format: 'webp', width: 128 })
    expect(answer.bytes.length).toBeLessThan(2048)

    expect((await picture('00000000-0000-4000-8000-000000000000', 'profile.webp')).status).toBe(404)
    expect((await picture(user.id, 'other.webp')).status).toBe(404)
  })

  it('refuses a picture over 25 megapixels with 413, quickly, and keeps the old one', async () => {
    const testApp = await createTestApp({ DATA_DIR: `/tmp/larder-large-avatar-${process.pid}` })
    const user = await testApp.make.user()
    const huge = await sharp({ create: { width: 5100, height: 5100, channels: 3, background: '#E58325' } })
      .png({ compressionLevel: 1 })
      .toBuffer()
    const { headers, payload } = multipartPicture(huge)
    const started = performance.now()
    // Multipart is raw bytes: the upload goes out by hand.
    const upload = await testApp.app.inject({
      method: 'POST',
      url: `/api/users/${user.id}/image`,
      headers: { ...headers, authorization: testApp.api.authorization(user) },
      payload,
    })
    expect(upload.statusCode).toBe(413)
    expect(upload.json().detail.message).toMatch(/at most 25 megapixels/)
    expect(performance.now() - started).toBeLessThan(1000)
    const [row] = await testApp.sql`select cache_key from users where id = ${user.id}`
    expect(row!.cache_key).toBe('1234')
  })
})
