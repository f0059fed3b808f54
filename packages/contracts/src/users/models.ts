import { z } from 'zod'
import { EmailAddress, FullName, Locale, NewPassword, Username } from '../common/fields.js'
import { AuthMethod } from './self.js'

/**
 * PUT /api/users/{id}: Mealie's clients send the whole UserOut back. Fields a member may not change on their own
 * (flags, group, household, auth method) are accepted on the wire and checked by the service.
 */
export const UserBase = z
  .object({
    id: z.uuid().optional(),
    username: Username.nullish(),
    fullName: FullName.nullish(),
    email: EmailAddress,
    authMethod: AuthMethod.default('Mealie'),
    admin: z.boolean().default(false),
    group: z.string().max(100).nullish(),
    household: z.string().max(100).nullish(),
    advanced: z.boolean().default(false),
    canInvite: z.boolean().default(false),
    canManage: z.boolean().default(false),
    canManageHousehold: z.boolean().default(false),
    canOrganize: z.boolean().default(false),
    locale: Locale.nullish(),
  })
  .meta({ id: 'UserBase' })
export type UserBase = z.input<typeof UserBase>

export const UserIn = UserBase.extend({
  username: Username,
  fullName: FullName,
  password: NewPassword,
}).meta({ id: 'UserIn' })
export type UserIn = z.input<typeof UserIn>

export const ChangePassword = z
  .object({ currentPassword: z.string().max(1024).default(''), newPassword: NewPassword })
  .meta({ id: 'ChangePassword' })

export const CreateApiToken = z
  .object({
    name: z.string().trim().min(1, 'Name the token').max(100),
    integrationId: z.string().max(100).default('generic'),
  })
  .meta({ id: 'LongLiveTokenIn' })

/** The only answer that carries the secret: it is shown once and stored hashed. */
export const CreatedApiToken = z
  .object({ token: z.string(), name: z.string(), id: z.number().int(), createdAt: z.string().nullable() })
  .meta({ id: 'LongLiveTokenCreateResponse' })

export const CreateUserRegistration = z
  .object({
    group: z.string().trim().max(100).nullish(),
    household: z.string().trim().max(100).nullish(),
    groupToken: z.string().max(200).nullish(),
    email: EmailAddress,
    username: Username.transform((value) => value.toLowerCase()),
    fullName: FullName,
    password: NewPassword,
    passwordConfirm: z.string().max(1024),
    advanced: z.boolean().default(false),
    private: z.boolean().default(false),
    seedData: z.boolean().default(false),
    locale: Locale.default('en-US'),
  })
  .refine((registration) => registration.password === registration.passwordConfirm, {
    message: 'passwords do not match',
    path: ['passwordConfirm'],
  })
  .refine((registration) => Boolean(registration.group?.trim()) || registration.groupToken != null, {
    message: 'group or group_token must be provided',
    path: ['group'],
  })
  .meta({ id: 'CreateUserRegistration' })
export type CreateUserRegistration = z.input<typeof CreateUserRegistration>

export const ForgotPassword = z.object({ email: z.string().trim().max(254) }).meta({ id: 'ForgotPassword' })

export const ResetPassword = z
  .object({
    token: z.string().min(1).max(200),
    email: z.string().trim().max(254).default(''),
    password: NewPassword,
    passwordConfirm: z.string().max(1024),
  })
  .refine((reset) => reset.password === reset.passwordConfirm, {
    message: 'passwords do not match',
    path: ['passwordConfirm'],
  })
  .meta({ id: 'ResetPassword' })

export const ValidationResponse = z.object({ valid: z.boolean() }).meta({ id: 'ValidationResponse' })

/** What an invitation joins, by name only: the registration page shows it before the person signs up. */
export const InvitationSummary = z
  .object({ group: z.string(), household: z.string() })
  .meta({ id: 'InvitationSummary' })
export type InvitationSummary = z.infer<typeof InvitationSummary>
