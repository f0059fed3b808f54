import type { UserOut } from '@larder/contracts'
import { act } from '@testing-library/react'
import { afterEach, beforeEach } from 'vitest'
import { session } from '@/features/auth/app-session'
import { makeUser } from './users'

/**
 * Signs `user` in before each test of the calling file or block, and out after it: pages that read differently for
 * a signed-out visitor (the recipe page, through the public explore API) need the session set.
 */
export function signedInForEachTest(user: UserOut = makeUser()) {
  beforeEach(() => act(() => session.store.set({ status: 'authenticated', user })))
  afterEach(() => act(() => session.store.set({ status: 'unauthenticated', user: null })))
}
