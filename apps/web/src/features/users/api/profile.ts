import { buildPath, updateUser, uploadAvatar, type supportedLocales, type UserOut } from '@larder/contracts'
import { useMutation } from '@tanstack/react-query'
import { call, httpClient } from '@/api/http'
import { session } from '@/features/auth'
import { changePasswordAndSignInAgain } from '@/features/auth'

export interface ProfileChanges {
  username: string
  fullName: string
  email: string
  advanced: boolean
  locale?: (typeof supportedLocales)[number]
}

/**
 * PUT /api/users/{id} is a full replace (docs/mealie-compatibility.md "The current user"): send the user as it is, with the changes on top, so
 * flags, group and household stay exactly as they were.
 */
export function profileUpdateBody(user: UserOut, changes: ProfileChanges) {
  return {
    id: user.id,
    username: changes.username.trim(),
    fullName: changes.fullName.trim(),
    email: changes.email.trim(),
    authMethod: user.authMethod,
    admin: user.admin,
    group: user.group,
    household: user.household,
    advanced: changes.advanced,
    canInvite: user.canInvite,
    canManage: user.canManage,
    canManageHousehold: user.canManageHousehold,
    canOrganize: user.canOrganize,
    ...(changes.locale ? { locale: changes.locale } : {}),
  }
}

export function useUpdateProfile(user: UserOut) {
  return useMutation({
    mutationFn: async (changes: ProfileChanges) => {
      await call(updateUser, { params: { id: user.id }, body: profileUpdateBody(user, changes) })
      await session.fetchSession()
    },
  })
}

export function useChangePassword(user: Pick<UserOut, 'email'>) {
  return useMutation({
    mutationFn: (passwords: { currentPassword: string; newPassword: string }) =>
      changePasswordAndSignInAgain({ email: user.email, ...passwords }),
  })
}

/** Multipart field "profile" (docs/mealie-compatibility.md "The current user"); the new cacheKey arrives with the refreshed session. */
export function useUploadAvatar(userId: string) {
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData()
      form.append('profile', file)
      await httpClient.send({
        method: uploadAvatar.method,
        path: buildPath(uploadAvatar.path, { id: userId }),
        body: form,
      })
      await session.fetchSession()
    },
  })
}

/** Where a user's picture is served; the cache key changes with every upload. */
export function avatarUrl(user: Pick<UserOut, 'id' | 'cacheKey'>): string {
  return `/api/media/users/${encodeURIComponent(user.id)}/profile.webp?cacheKey=${encodeURIComponent(user.cacheKey)}`
}
