import { z } from 'zod'

/** What produced a report (docs/mealie-compatibility.md "Reports"). */
export const ReportCategory = z.enum(['backup', 'restore', 'migration', 'bulk_import']).meta({ id: 'ReportCategory' })
export type ReportCategory = z.infer<typeof ReportCategory>

/** `in-progress` until the work ends; then success (all entries succeeded), failure (none did) or partial. */
export const ReportSummaryStatus = z
  .enum(['in-progress', 'success', 'failure', 'partial'])
  .meta({ id: 'ReportSummaryStatus' })
export type ReportSummaryStatus = z.infer<typeof ReportSummaryStatus>

export const ReportSummary = z
  .object({
    id: z.uuid(),
    timestamp: z.string(),
    category: ReportCategory,
    groupId: z.uuid(),
    name: z.string(),
    status: ReportSummaryStatus,
  })
  .meta({ id: 'ReportSummary' })
export type ReportSummary = z.infer<typeof ReportSummary>

/** One line of a report: one recipe of a migration, one URL of a bulk import. */
export const ReportEntryOut = z
  .object({
    id: z.uuid(),
    reportId: z.uuid(),
    timestamp: z.string(),
    success: z.boolean(),
    message: z.string(),
    exception: z.string(),
    /** Larder's addition: the slug of the recipe the entry made (a bulk import's success); null or absent otherwise. */
    recipeSlug: z.string().nullable().optional(),
  })
  .meta({ id: 'ReportEntryOut' })
export type ReportEntryOut = z.infer<typeof ReportEntryOut>

export const ReportOut = ReportSummary.extend({ entries: z.array(ReportEntryOut) }).meta({ id: 'ReportOut' })
export type ReportOut = z.infer<typeof ReportOut>
