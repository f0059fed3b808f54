export * from './groups.js'
export * from './households.js'
export * from './users.js'
export * from './sign-in.js'
