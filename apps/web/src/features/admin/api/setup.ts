import {
  adminUpdateGroup,
  getHouseholdPreferences,
  updateHouseholdPreferences,
  updateUser,
  type UserOut,
} from '@larder/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { startupInfoQuery } from '@/api/app-queries'
import { call } from '@/api/http'
import { session } from '@/features/auth'
import { changePasswordAndSignInAgain } from '@/features/auth'

/** The seeded administrator's sign-in (docs/mealie-compatibility.md "App info"); setup insists on replacing both. */
export const defaultAdminEmail = 'changeme@example.com'
export const defaultAdminPassword = 'MyPassword'

export interface SetupValues {
  fullName: string
  username: string
  email: string
  currentPassword: string
  newPassword: string
  groupName: string
  privateGroup: boolean
  /** With a public group: may visitors see the administrator's household's recipes (its `privateHousehold`)? */
  publicHousehold: boolean
  /** With a public group: are the household's new recipes public (its `recipePublic`)? */
  publicRecipes: boolean
}

/**
 * A visitor sees a recipe only when its group and household are public and the recipe itself is (docs/mealie-compatibility.md "Explore"):
 * a public group alone shows nothing, since the first household starts private with private recipes. So a public
 * group sets the household's two settings as the wizard asked; a private group leaves them as they are.
 */
async function saveVisibility(values: SetupValues): Promise<void> {
  if (values.privateGroup) return
  const { id: _id, ...current } = await call(getHouseholdPreferences)
  await call(updateHouseholdPreferences, {
    body: { ...current, privateHousehold: !values.publicHousehold, recipePublic: values.publicRecipes },
  })
}

/**
 * First run: the seeded admin gets a real identity (profile, then group and what visitors see, then password — the password last, since
 * changing it ends the session and we sign in again with the new email and password). Once the seeded address is
 * gone the server's startup info stops reporting a first login.
 */
export async function completeSetup(admin: UserOut, values: SetupValues): Promise<void> {
  await call(updateUser, {
    params: { id: admin.id },
    body: {
      id: admin.id,
      username: values.username.trim(),
      fullName: values.fullName.trim(),
      email: values.email.trim(),
      authMethod: admin.authMethod,
      admin: true,
      group: admin.group,
      household: admin.household,
      advanced: admin.advanced,
      canInvite: admin.canInvite,
      canManage: admin.canManage,
      canManageHousehold: admin.canManageHousehold,
      canOrganize: admin.canOrganize,
    },
  })
  await call(adminUpdateGroup, {
    params: { id: admin.groupId },
    body: { id: admin.groupId, name: values.groupName.trim(), preferences: { privateGroup: values.privateGroup } },
  })
  await saveVisibility(values)
  await changePasswordAndSignInAgain({
    email: values.email.trim(),
    currentPassword: values.currentPassword,
    newPassword: values.newPassword,
  })
  await session.fetchSession()
}

export function useCompleteSetup(admin: UserOut) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (values: SetupValues) => completeSetup(admin, values),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: startupInfoQuery.queryKey }),
  })
}
