import { createRecipe } from '@larder/contracts'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Routes } from 'react-router'
import { describe, expect, it } from 'vitest'
import { fakeServer } from '@/test/fake-server'
import { renderWithApp } from '@/test/render'
import { CurrentLocation } from '@/test/shell'
import CreateNewPage from './new'

async function openPage() {
  const user = userEvent.setup({ delay: null })
  await renderWithApp(
    <>
      <Routes>
        <Route path="/g/:groupSlug/r/create/new" element={<CreateNewPage />} />
        <Route path="/g/:groupSlug/r/:slug" element={<p>Recipe page</p>} />
      </Routes>
      <CurrentLocation />
    </>,
    { path: '/g/home/r/create/new' },
  )
  await screen.findByRole('button', { name: 'Create and edit' })
  return user
}

describe('creating a recipe from a name', { timeout: 20_000 }, () => {
  it('posts the name without Mealie’s sample content and opens the new recipe in the editor', async () => {
    const server = fakeServer().answer(createRecipe, { status: 201, body: 'apple-pie' })
    const user = await openPage()
    await user.type(screen.getByRole('textbox', { name: /Recipe name/ }), '  Apple pie ')
    await user.click(screen.getByRole('button', { name: 'Create and edit' }))
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/g/home/r/apple-pie?edit=true'))
    expect(server.calls(createRecipe)[0]!.body).toEqual({ name: 'Apple pie', starterContent: false })
  })

  it('refuses an empty name without asking the server', async () => {
    const server = fakeServer()
    const user = await openPage()
    await user.click(screen.getByRole('button', { name: 'Create and edit' }))
    expect(await screen.findByText('Enter a name')).toBeInTheDocument()
    expect(server.calls(createRecipe)).toHaveLength(0)
  })

  it('shows the server’s reason for a refused name (400) and stays on the page', async () => {
    fakeServer().answer(createRecipe, {
      status: 400,
      body: { detail: { message: 'This name cannot be used', error: true, exception: null } },
    })
    const user = await openPage()
    await user.type(screen.getByRole('textbox', { name: /Recipe name/ }), 'Apple pie')
    await user.click(screen.getByRole('button', { name: 'Create and edit' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('This name cannot be used')
    expect(screen.getByTestId('location')).toHaveTextContent('/g/home/r/create/new')
  })
})
