import { z } from 'zod'
import { RecipeSummary } from '../recipes/models.js'

/** One condition of a parsed queryFilter as Mealie's filter builder reads it (docs/mealie-compatibility.md "Cookbook, timeline, comment and share-token models"). */
export const QueryFilterPart = z
  .object({
    leftParenthesis: z.string().nullable(),
    rightParenthesis: z.string().nullable(),
    /** The operator joining this part to the one before it; null on the first part. */
    logicalOperator: z.enum(['AND', 'OR']).nullable(),
    attributeName: z.string().nullable(),
    relationalOperator: z
      .enum(['=', '<>', '>', '<', '>=', '<=', 'IS', 'IS NOT', 'IN', 'NOT IN', 'CONTAINS ALL', 'LIKE', 'NOT LIKE'])
      .nullable(),
    value: z.union([z.string(), z.array(z.string())]).nullable(),
  })
  .meta({ id: 'QueryFilterJSONPart' })
export type QueryFilterPart = z.infer<typeof QueryFilterPart>

export const QueryFilterJson = z.object({ parts: z.array(QueryFilterPart) }).meta({ id: 'QueryFilterJSON' })
export type QueryFilterJson = z.infer<typeof QueryFilterJson>

const cookbookFields = {
  name: z.string().trim().min(1, 'Enter a name').max(100),
  description: z.string().max(2000).default(''),
  /** Always derived from the name on the server (docs/mealie-compatibility.md "Cookbooks"); accepted for Mealie's clients. */
  slug: z.string().max(200).nullish(),
  position: z.number().int().min(-1_000_000).max(1_000_000).default(1),
  public: z
    .boolean()
    .nullish()
    .transform((value) => value ?? false),
  queryFilterString: z.string().max(5000).default(''),
}

/** POST and PUT `/api/households/cookbooks[/id]` (Mealie's CreateCookBook). */
export const CreateCookBook = z.object(cookbookFields).meta({ id: 'CreateCookBook' })
export type CreateCookBook = z.input<typeof CreateCookBook>
export type CreateCookBookParsed = z.output<typeof CreateCookBook>

/** One item of the bulk PUT (re-ordering): the whole cookbook with its id; group and household are the caller's. */
export const UpdateCookBook = z
  .object({ ...cookbookFields, id: z.uuid(), groupId: z.uuid().optional(), householdId: z.uuid().optional() })
  .meta({ id: 'UpdateCookBook' })
export type UpdateCookBook = z.input<typeof UpdateCookBook>
export type UpdateCookBookParsed = z.output<typeof UpdateCookBook>

export const ReadCookBook = z
  .object({
    id: z.uuid(),
    name: z.string(),
    description: z.string(),
    slug: z.string(),
    position: z.number().int(),
    public: z.boolean(),
    queryFilterString: z.string(),
    groupId: z.uuid(),
    householdId: z.uuid(),
    queryFilter: QueryFilterJson,
  })
  .meta({ id: 'ReadCookBook' })
export type ReadCookBook = z.infer<typeof ReadCookBook>

/** One cookbook with the recipes its filter selects. */
export const RecipeCookBook = ReadCookBook.extend({ recipes: z.array(RecipeSummary) }).meta({ id: 'RecipeCookBook' })
export type RecipeCookBook = z.infer<typeof RecipeCookBook>
