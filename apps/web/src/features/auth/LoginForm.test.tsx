import { getStartupInfo } from '@larder/contracts'
import { screen } from '@testing-library/react'
import { Navigate, Route, Routes } from 'react-router'
import { describe, expect, it } from 'vitest'
import { fakeServer } from '@/test/fake-server'
import { renderWithApp } from '@/test/render'
import { LoginForm } from './LoginForm'

describe('the sign-in form', () => {
  it('starts with the email of the account just registered, the password to type next', async () => {
    fakeServer().answer(getStartupInfo, { body: { isFirstLogin: false, isDemo: false } })
    await renderWithApp(
      <Routes>
        <Route path="/register" element={<Navigate to="/login" state={{ username: 'ada@example.com' }} />} />
        <Route path="/login" element={<LoginForm oauthFailed={false} />} />
      </Routes>,
      { path: '/register' },
    )
    expect(await screen.findByTestId('login-username')).toHaveValue('ada@example.com')
    expect(screen.getByTestId('login-password')).toHaveFocus()
  })
})
