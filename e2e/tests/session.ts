import type { Page } from 'playwright-core'

export const larderUrl = (): string => {
  const url = process.env.LARDER_URL
  if (!url) throw new Error('LARDER_URL is not set: run the end-to-end tests with `pnpm test:e2e`')
  return url
}

export const defaultAdmin = { email: 'changeme@example.com', password: 'MyPassword' }

/** Fills and submits the sign-in form as a person would. */
export async function signInThroughForm(page: Page, email = defaultAdmin.email, password = defaultAdmin.password) {
  await page.getByTestId('login-username').fill(email)
  await page.getByTestId('login-password').fill(password)
  await page.getByTestId('login-submit').click()
}
