import type {
  PlanEntryType,
  PlanRuleDay,
  PlanRulesCreateParsed,
  PlanRulesOut,
  QueryFilterPart,
} from '@larder/contracts'
import type { Database } from '../../db/client.js'
import { inTransaction } from '../../db/transaction.js'
import { HttpError, notFound, ValidationFailure } from '../../http/errors.js'
import {
  parseQueryFilter,
  queryFilterParts,
  queryFilterSql,
  type ListQuery,
  type Page,
} from '../../http/list-query/index.js'
import type { Scope } from '../../http/scope.js'
import { recipeListSpec } from '../recipes/index.js'
import { ruleRepo, type RuleRow, type RuleValues } from './rules.repo.js'

const missing = () => notFound('Not found.')

/** The parsed parts of a stored filter; empty when it no longer parses, as Mealie answers (docs/mealie-compatibility.md "Meal plans"). */
function partsOf(filter: string): QueryFilterPart[] {
  if (!filter.trim()) return []
  try {
    return queryFilterParts(parseQueryFilter(filter))
  } catch {
    return []
  }
}

export function toPlanRulesOut(row: RuleRow): PlanRulesOut {
  const days = row.days as PlanRuleDay[]
  const entryTypes = row.entryTypes as PlanEntryType[]
  return {
    id: row.id,
    groupId: row.groupId,
    householdId: row.householdId,
    name: row.name,
    day: days.length === 1 ? days[0]! : 'unset',
    entryType: entryTypes.length === 1 ? entryTypes[0]! : 'unset',
    days,
    entryTypes,
    queryFilterString: row.queryFilterString,
    queryFilter: { parts: partsOf(row.queryFilterString) },
    atMostPerWeek: row.atMostPerWeek,
    atLeastPerWeek: row.atLeastPerWeek,
  }
}

/** `days`/`entryTypes` when given, else Mealie's single `day`/`entryType` (`unset`: any); the filter must compile. */
function valuesOf(input: PlanRulesCreateParsed): RuleValues {
  const filter = input.queryFilterString.trim()
  if (filter) {
    try {
      // Bound against the recipe list, as the picks will run it (Mealie compiles it on create and update).
      queryFilterSql(recipeListSpec, filter)
    } catch (error) {
      if (!(error instanceof HttpError) || error.statusCode !== 400) throw error
      throw new ValidationFailure([{ loc: ['body', 'queryFilterString'], msg: error.message, type: 'value_error' }])
    }
  }
  const days = input.days.length > 0 ? input.days : input.day === 'unset' ? [] : [input.day]
  const entryTypes =
    input.entryTypes.length > 0 ? input.entryTypes : input.entryType === 'unset' ? [] : [input.entryType]
  return {
    name: input.name,
    days: [...new Set(days)],
    entryTypes: [...new Set(entryTypes)],
    queryFilterString: filter,
    atMostPerWeek: input.atMostPerWeek ?? null,
    atLeastPerWeek: input.atLeastPerWeek ?? null,
  }
}

export function createMealPlanRuleService(deps: { db: Database }) {
  const { db } = deps
  return {
    page(scope: Scope, query: ListQuery): Promise<Page<PlanRulesOut>> {
      return ruleRepo.page(db, scope, query, {
        path: '/households/mealplans/rules',
        select: async (ids) => (await ruleRepo.findByIds(db, scope, ids.map(String))).map(toPlanRulesOut),
      })
    },

    async create(scope: Scope, input: PlanRulesCreateParsed): Promise<PlanRulesOut> {
      return toPlanRulesOut(await ruleRepo.insert(db, scope, valuesOf(input)))
    },

    async get(scope: Scope, id: string): Promise<PlanRulesOut> {
      const row = await ruleRepo.findById(db, scope, id)
      if (!row) throw missing()
      return toPlanRulesOut(row)
    },

    async update(scope: Scope, id: string, input: PlanRulesCreateParsed): Promise<PlanRulesOut> {
      const values = valuesOf(input)
      return inTransaction(db, async (tx) => {
        if (!(await ruleRepo.findById(tx, scope, id, { forUpdate: true }))) throw missing()
        return toPlanRulesOut(await ruleRepo.update(tx, scope, id, values))
      })
    },

    async delete(scope: Scope, id: string): Promise<PlanRulesOut> {
      return inTransaction(db, async (tx) => {
        const row = await ruleRepo.findById(tx, scope, id, { forUpdate: true })
        if (!row) throw missing()
        await ruleRepo.delete(tx, scope, id)
        return toPlanRulesOut(row)
      })
    },
  }
}

export type MealPlanRuleService = ReturnType<typeof createMealPlanRuleService>
