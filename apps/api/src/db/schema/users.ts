import { sql } from 'drizzle-orm'
import {
  boolean,
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { primaryId, timestamps } from './columns.js'
import { groups } from './groups.js'
import { households } from './households.js'

export const authMethod = pgEnum('auth_method', ['Mealie', 'LDAP', 'OIDC'])

/** A person: exactly one group and one household (docs/architecture.md "Words"). */
export const users = pgTable(
  'users',
  {
    id: primaryId(),
    username: text('username'),
    fullName: text('full_name'),
    email: text('email').notNull(),
    /** argon2id hash, or null for accounts that sign in elsewhere (LDAP, OIDC). */
    passwordHash: text('password_hash'),
    authMethod: authMethod('auth_method').notNull().default('Mealie'),
    admin: boolean('admin').notNull().default(false),
    advanced: boolean('advanced').notNull().default(false),
    canInvite: boolean('can_invite').notNull().default(false),
    canManage: boolean('can_manage').notNull().default(false),
    canManageHousehold: boolean('can_manage_household').notNull().default(false),
    canOrganize: boolean('can_organize').notNull().default(false),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'restrict' }),
    householdId: uuid('household_id')
      .notNull()
      .references(() => households.id, { onDelete: 'restrict' }),
    cacheKey: text('cache_key').notNull().default('1234'),
    locale: text('locale'),
    failedLoginAttempts: integer('failed_login_attempts').notNull().default(0),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    /** Set when the password changes, so that sessions issued before it can be refused. */
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('users_email_key').on(sql`lower(${table.email})`),
    uniqueIndex('users_username_key').on(sql`lower(${table.username})`),
    index('users_group_id_idx').on(table.groupId),
    index('users_household_id_idx').on(table.householdId),
  ],
)

/** Long-lived API tokens; only a hash of the secret is kept (docs/security.md "Identity and permissions"). */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    integrationId: text('integration_id').notNull().default('generic'),
    tokenHash: text('token_hash').notNull(),
    ...timestamps,
  },
  (table) => [index('api_tokens_user_id_idx').on(table.userId), uniqueIndex('api_tokens_hash_key').on(table.tokenHash)],
)

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    ...timestamps,
  },
  (table) => [
    index('password_reset_tokens_user_id_idx').on(table.userId),
    uniqueIndex('password_reset_tokens_hash_key').on(table.tokenHash),
  ],
)

/** Invitations to join a household; like reset and API tokens, only a hash of the token is kept. */
export const inviteTokens = pgTable(
  'invite_tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    usesLeft: integer('uses_left').notNull().default(1),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    householdId: uuid('household_id')
      .notNull()
      .references(() => households.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('invite_tokens_token_hash_key').on(table.tokenHash),
    index('invite_tokens_group_id_idx').on(table.groupId),
    index('invite_tokens_household_id_idx').on(table.householdId),
  ],
)
