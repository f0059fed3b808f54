import { adminDebugOpenAI } from '@larder/contracts'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { fakeServer } from '@/test/fake-server'
import { renderWithApp } from '@/test/render'
import { uploadsThroughFetch } from '@/test/xhr-over-fetch'
import { OpenAiTest } from './OpenAiTest'

/** Mantine's FileButton is a button over a hidden file input; the upload goes to the input. */
const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!

async function openTest(props = { enabled: true, imagesEnabled: true }) {
  uploadsThroughFetch()
  const user = userEvent.setup({ delay: null })
  await renderWithApp(<OpenAiTest {...props} />)
  await screen.findByRole('button', { name: 'Run test' })
  return user
}

describe('testing the OpenAI provider', { timeout: 20_000 }, () => {
  it('runs the test without a picture as Mealie’s client does, and shows the provider’s reply', async () => {
    const server = fakeServer().answer(adminDebugOpenAI, {
      body: { success: true, response: 'OpenAI is working. Response: "Hello! I can hear you."' },
    })
    const user = await openTest()
    await user.click(screen.getByRole('button', { name: 'Run test' }))

    const result = await screen.findByRole('status')
    expect(result).toHaveTextContent('The AI helper is working')
    expect(result).toHaveTextContent('OpenAI is working. Response: "Hello! I can hear you."')
    const [request] = server.calls(adminDebugOpenAI)
    expect(request!.body).toBeUndefined()
  })

  it('sends the chosen picture with its extension, can clear it, and shows a failed test', async () => {
    const server = fakeServer().answer(adminDebugOpenAI, {
      body: { success: false, response: 'OpenAI request failed. Full error has been logged. OpenAIHttpError: "401"' },
    })
    const user = await openTest()
    await user.upload(fileInput(), new File(['png bytes'], 'card.png', { type: 'image/png' }))
    expect(screen.getByText('card.png')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Run test' }))

    const result = await screen.findByRole('status')
    expect(result).toHaveTextContent('The test failed')
    expect(result).toHaveTextContent('OpenAIHttpError')
    const sent = server.calls(adminDebugOpenAI)[0]!.body as unknown as Record<string, unknown>
    expect(sent.extension).toBe('png')
    expect((sent.image as Blob).size).toBe('png bytes'.length)

    await user.click(screen.getByRole('button', { name: 'Remove card.png' }))
    expect(screen.queryByText('card.png')).not.toBeInTheDocument()
  })

  it('shows the server’s sentence when it refuses the picture', async () => {
    fakeServer().answer(adminDebugOpenAI, {
      status: 415,
      body: { detail: { message: 'The image is not a picture Larder can read', error: true, exception: null } },
    })
    const user = await openTest()
    await user.upload(fileInput(), new File(['%PDF'], 'card.jpg', { type: 'image/jpeg' }))
    await user.click(screen.getByRole('button', { name: 'Run test' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('The image is not a picture Larder can read')
  })

  it('says beforehand when OpenAI or its image services are off', async () => {
    fakeServer()
    await openTest({ enabled: false, imagesEnabled: false })
    expect(screen.getByText(/OpenAI is not set up on this server/)).toBeInTheDocument()
  })
})
