// What the LDAP and OIDC sign-in tests share: both create people on their first sign-in, in the default group and
// household, and check who a token signs in and how many accounts exist.
import { getSelf, TokenResponse } from '@larder/contracts'
import { expect } from 'vitest'
import { createTestApp, type TestApp } from './test-app.js'

/** The app with the default group and household (`Home`, `Family`) that first sign-ins place people in. */
export async function createExternalSignInApp(environment: Record<string, string> = {}): Promise<TestApp> {
  const testApp = await createTestApp(environment)
  const group = await testApp.make.group({ name: 'Home' })
  await testApp.make.household({ groupId: group.id, name: 'Family' })
  return testApp
}

/** The user a sign-in answer's token signs in, as `GET /api/users/self` shows them; fails unless it is a 200. */
export async function signedInUser({ api }: TestApp, answer: { status: number; text: string; body: unknown }) {
  expect(answer.status, answer.text).toBe(200)
  const { access_token: accessToken } = TokenResponse.parse(answer.body)
  return api.ok(getSelf, { as: { token: accessToken } })
}

export async function userCount({ sql }: TestApp): Promise<number> {
  const [row] = await sql<{ count: number }[]>`select count(*)::int as count from users`
  return row!.count
}
