import type { ReceivedMail } from '@larder/test-servers/mail'
import type { Browser, Page } from 'playwright-core'
import { openPage } from '../src/browser.js'

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

/** Signs in through the API, as Mealie's clients do, and answers the bearer token. */
export async function apiToken(username: string, password: string): Promise<string> {
  const response = await fetch(`${larderUrl()}/api/auth/token`, {
    method: 'POST',
    body: new URLSearchParams({ username, password }),
  })
  if (!response.ok) throw new Error(`signing in as ${username} failed: ${response.status} ${await response.text()}`)
  const { access_token: token } = (await response.json()) as { access_token: string }
  return token
}

/** The answer's JSON when its status is the one expected; otherwise an error that says what failed and why. */
export async function json<T>(response: Response, status: number, what: string): Promise<T> {
  if (response.status !== status) throw new Error(`${what}: ${response.status} ${await response.text()}`)
  return (await response.json()) as T
}

/** Seeds a recipe through the API (what a test is not about): its slug. */
export async function seedRecipe(token: string, name: string, patch: Record<string, unknown> = {}): Promise<string> {
  const slug = await json<string>(await callApi(token, 'POST', '/api/recipes', { name }), 201, `creating ${name}`)
  if (Object.keys(patch).length > 0) {
    await json(await callApi(token, 'PATCH', `/api/recipes/${slug}`, patch), 200, `updating ${name}`)
  }
  return slug
}

/**
 * Opens `path` signed in as the default administrator (the redirect skips the first-run setup), in a browser context
 * with `options` (a screenshot's viewport and colour scheme).
 */
export async function signedIn(
  browser: Browser,
  path: string,
  options: Parameters<Browser['newContext']>[0] = {},
): Promise<{ page: Page; close: () => Promise<void> }> {
  const { page, context } = await openPage(browser, larderUrl(), options)
  await page.goto(`/login?redirect=${encodeURIComponent(path)}`)
  await signInThroughForm(page)
  await page.waitForURL((url) => `${url.pathname}${url.search}` === path)
  return { page, close: () => context.close() }
}

/** Calls the API with a bearer token. */
export function callApi(token: string, method: string, apiPath: string, body?: unknown): Promise<Response> {
  return fetch(`${larderUrl()}${apiPath}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
}

export interface NewUser {
  username: string
  fullName: string
  email: string
  password: string
}

/** Creates a plain member of the default group and household as the default admin, through the admin API. */
export async function createUserAsAdmin(user: NewUser): Promise<{ id: string }> {
  const response = await callApi(
    await apiToken(defaultAdmin.email, defaultAdmin.password),
    'POST',
    '/api/admin/users',
    {
      ...user,
      group: 'Home',
      household: 'Family',
    },
  )
  if (response.status !== 201) throw new Error(`creating ${user.username} failed: ${response.status}`)
  return (await response.json()) as { id: string }
}

/** Waits until the local SMTP server (started by src/run.ts) has received a mail to `address` that `matches`. */
export async function waitForMail(
  address: string,
  matches: (mail: ReceivedMail) => boolean = () => true,
  timeoutMs = 10_000,
): Promise<ReceivedMail> {
  const mailsUrl = process.env.LARDER_MAILS_URL
  if (!mailsUrl) throw new Error('LARDER_MAILS_URL is not set: run the end-to-end tests with `pnpm test:e2e`')
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const mails = (await (await fetch(mailsUrl)).json()) as ReceivedMail[]
    const found = mails.findLast((mail) => mail.to.includes(address.toLowerCase()) && matches(mail))
    if (found) return found
    if (Date.now() > deadline) throw new Error(`no mail to ${address} within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
