/**
 * Row-level access: may this caller read or change these rows (owner, household, group, lock)? The rules are pure
 * functions (rules.ts); the service loads the facts of many rows in one query and throws the first refusal.
 */
export { access, requireAll, verdicts, type Access } from './service.js'
export type { Asker, OwnedFacts, RecipeFacts, Rule, UserFacts, Verdict } from './rules.js'
