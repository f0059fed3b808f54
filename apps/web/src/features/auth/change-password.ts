import { changePassword } from '@larder/contracts'
import { call } from '@/api/http'
import { session } from './app-session'

/**
 * The server ends every session when a password changes, this one included: sign in again at once with the new
 * password (and the account's email) so the person stays signed in. If that fails the old session is dead anyway,
 * so sign out cleanly and let the guards send the person to the sign-in page.
 */
export async function changePasswordAndSignInAgain(options: {
  email: string
  currentPassword: string
  newPassword: string
}): Promise<void> {
  await call(changePassword, {
    body: { currentPassword: options.currentPassword, newPassword: options.newPassword },
    notify: false,
  })
  try {
    await session.signInWithPassword({ username: options.email, password: options.newPassword, rememberMe: false })
  } catch (caught) {
    await session.signOut().catch(() => undefined)
    throw caught
  }
}
