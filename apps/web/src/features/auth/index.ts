/*
 * What other features may use of the session (ESLint's feature boundaries, eslint.config.js): the app's session and
 * its hook, the sign-in address that comes back to a page, who reads a public group's page (a visitor or a member),
 * and the password change that signs in again. Pages, layouts and routes may import any file here.
 */
export { session, useAuth } from './app-session'
export { loginPathFor } from './redirects'
export { SignInInstead, useVisitorGroup, visitorGroupNow } from './visitor'
export { changePasswordAndSignInAgain } from './change-password'
