import type { UserOut } from '@larder/contracts'

// Imports nothing of the app: tests' `vi.mock('@/features/auth/app-session', …)` factories build their user here, and
// a factory that imports the module it mocks, even through another file, never finishes (vitest waits on it forever,
// before any test and its timeout start). src/test/mock-factories.test.ts checks every factory for that.

/** A complete signed-in user; tests override what matters to them. */
export function makeUser(overrides: Partial<UserOut> = {}): UserOut {
  return {
    id: '00000000-0000-4000-8000-000000000000',
    username: 'user',
    fullName: 'A User',
    email: `${overrides.username ?? 'user'}@example.com`,
    authMethod: 'Mealie',
    admin: false,
    group: 'Home',
    groupId: '00000000-0000-4000-8000-0000000000a1',
    groupSlug: 'home',
    household: 'Family',
    householdId: '00000000-0000-4000-8000-0000000000b1',
    householdSlug: 'family',
    advanced: false,
    canInvite: false,
    canManage: false,
    canManageHousehold: false,
    canOrganize: false,
    tokens: [],
    cacheKey: 'cache-key',
    ...overrides,
  }
}
