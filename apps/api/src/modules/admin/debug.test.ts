import { DebugResponse } from '@larder/contracts'
import { startOpenAIServer, type TestOpenAIServer } from '@larder/test-servers/openai'
import sharp from 'sharp'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { cameraJpeg, multipartForm } from '../../../test/media-helpers.js'
import { createTestApp, type TestApp } from '../../../test/test-app.js'

type Person = Awaited<ReturnType<TestApp['make']['user']>>

let provider: TestOpenAIServer
let configured: TestApp
let admin: Person

beforeAll(async () => {
  provider = await startOpenAIServer()
  configured = await createTestApp(provider.environment)
  admin = await configured.make.user({ admin: true })
})

afterAll(() => provider.stop())

beforeEach(() => {
  provider.behave({ kind: 'answer' })
  provider.requests.length = 0
})

type Picture = { content: Buffer; contentType?: string }

/** As Mealie's client calls it: no body without a picture; multipart `image` and `extension` with one. */
async function testOpenAI(testApp: TestApp, as: Person | null, picture?: Picture) {
  const form = picture
    ? multipartForm([
        {
          name: 'image',
          fileName: 'test.jpg',
          content: picture.content,
          contentType: picture.contentType ?? 'image/jpeg',
        },
        { name: 'extension', value: 'jpg' },
      ])
    : null
  return testApp.app.inject({
    method: 'POST',
    url: '/api/admin/debug/openai',
    headers: { ...form?.headers, ...(as ? { authorization: testApp.api.authorization(as) } : {}) },
    ...(form ? { payload: form.payload } : {}),
  })
}

/** The answer, checked against the contract's schema. */
function debugAnswer(answer: Awaited<ReturnType<typeof testOpenAI>>): DebugResponse {
  expect(answer.statusCode, answer.body).toBe(200)
  return DebugResponse.parse(answer.json())
}

describe('POST /api/admin/debug/openai', () => {
  it('asks the provider a plain question and says it is working, with its reply', async () => {
    expect(debugAnswer(await testOpenAI(configured, admin))).toEqual({
      success: true,
      response: 'OpenAI is working. Response: "Hello! I can hear you."',
    })
    expect(provider.requests).toHaveLength(1)
    const [chat] = provider.requests
    // Not JSON mode: any model that chats can answer a connection test.
    expect(chat!.responseFormat).toBeUndefined()
    expect(chat!.model).toBe(provider.model)
    expect(chat!.userText).toBe('Hello, checking to see if I can reach you.')
    expect(chat!.imageUrls).toEqual([])
  })

  it('sends the picture, made small, and the provider answers about it', async () => {
    const answer = debugAnswer(await testOpenAI(configured, admin, { content: await cameraJpeg(3000, 2000) }))
    expect(answer).toEqual({
      success: true,
      response: 'OpenAI is working. Response: "Hello! I can hear you and I see 1 picture."',
    })
    const [chat] = provider.requests
    expect(chat!.userText).toBe('Hello, checking to see if I can reach you. Here is an image to test with:')
    const [header = '', data = ''] = chat!.imageUrls[0]!.split(',')
    const sent = await sharp(Buffer.from(data, 'base64')).metadata()
    expect([header, sent.format, sent.width, sent.height]).toEqual(['data:image/jpeg;base64', 'jpeg', 341, 512])
  })

  it('takes a multipart body without a picture as a test without one', async () => {
    const form = multipartForm([{ name: 'extension', value: '' }])
    const answer = await configured.app.inject({
      method: 'POST',
      url: '/api/admin/debug/openai',
      headers: { ...form.headers, authorization: configured.api.authorization(admin) },
      payload: form.payload,
    })
    expect(debugAnswer(answer).success).toBe(true)
    expect(provider.requests[0]!.imageUrls).toEqual([])
  })

  it.each([
    [{ kind: 'status', status: 500 } as const, 'OpenAIHttpError: "The AI provider answered 500: Simulated failure"'],
    [{ kind: 'status', status: 429 } as const, 'OpenAIHttpError: "The AI provider answered 429: Simulated failure"'],
    [{ kind: 'empty' } as const, 'OpenAIBadReply: "The AI provider sent no answer"'],
  ])('answers 200 with success false and the cause when the provider fails (%o)', async (behaviour, cause) => {
    provider.behave(behaviour)
    expect(debugAnswer(await testOpenAI(configured, admin))).toEqual({
      success: false,
      response: `OpenAI request failed. Full error has been logged. ${cause}`,
    })
  })

  it('refuses a file that is not a picture with 415 and one over 25 MB with 413, without asking the provider', async () => {
    const notPicture = await testOpenAI(configured, admin, { content: Buffer.from('%PDF-1.7 not a photo') })
    expect(notPicture.statusCode, notPicture.body).toBe(415)
    expect(notPicture.json().detail.message).toMatch(/^The image is not a picture Larder can read/)
    const huge = await testOpenAI(configured, admin, { content: Buffer.alloc(26 * 1024 * 1024, 1) })
    expect(huge.statusCode, huge.body).toBe(413)
    expect(provider.requests).toHaveLength(0)
  })

  it('is for administrators only', async () => {
    const member = await configured.make.user({ canManage: true, canOrganize: true, advanced: true })
    expect((await testOpenAI(configured, member)).statusCode).toBe(403)
    expect((await testOpenAI(configured, null)).statusCode).toBe(401)
    expect(provider.requests).toHaveLength(0)
  })
})

describe('POST /api/admin/debug/openai with a provider that does not answer', () => {
  it('says so when it is too slow or cannot be reached', async () => {
    const impatient = await createTestApp({ ...provider.environment, OPENAI_REQUEST_TIMEOUT: '0.5' })
    const someone = await impatient.make.user({ admin: true })
    provider.behave({ kind: 'answer', delayMs: 3_000 })
    expect(debugAnswer(await testOpenAI(impatient, someone))).toEqual({
      success: false,
      response:
        'OpenAI request failed. Full error has been logged. OpenAITimeout: "The AI provider did not answer within 0.5 s"',
    })

    // A port nothing listens on: the connection is refused.
    const elsewhere = await createTestApp({ ...provider.environment, OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' })
    const other = await elsewhere.make.user({ admin: true })
    const unreachable = debugAnswer(await testOpenAI(elsewhere, other))
    expect(unreachable.success).toBe(false)
    expect(unreachable.response).toMatch(/^OpenAI request failed\. Full error has been logged\. OpenAIUnreachable: "/)
  })
})

describe('POST /api/admin/debug/openai without OpenAI', () => {
  it('answers Mealie’s sentences when OpenAI, or only its image services, are off', async () => {
    const off = await createTestApp({})
    const offAdmin = await off.make.user({ admin: true })
    expect(debugAnswer(await testOpenAI(off, offAdmin))).toEqual({ success: false, response: 'OpenAI is not enabled' })

    const noImages = await createTestApp({ ...provider.environment, OPENAI_ENABLE_IMAGE_SERVICES: 'false' })
    const noImagesAdmin = await noImages.make.user({ admin: true })
    const withPicture = await testOpenAI(noImages, noImagesAdmin, { content: await cameraJpeg(60, 40) })
    expect(debugAnswer(withPicture)).toEqual({
      success: false,
      response: 'Image was provided, but OpenAI image services are not enabled',
    })
    expect(provider.requests).toHaveLength(0)
    // Text still works: only pictures are off.
    expect(debugAnswer(await testOpenAI(noImages, noImagesAdmin)).success).toBe(true)
  })
})
