import { startMigration, type ReportSummary, type SupportedMigration } from '@larder/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { uploadForm } from '@/api/upload'
import { reportKeys } from '@/features/reports'

export interface MigrationRequest {
  type: SupportedMigration
  archive: File
  addMigrationTag: boolean
}

/**
 * Uploads another app's export (multipart `migration_type`, `add_migration_tag`, `archive`, as Mealie's client
 * sends them) with upload progress; the server imports it within the request and answers the migration's report.
 */
export function useStartMigration() {
  const queryClient = useQueryClient()
  const [progress, setProgress] = useState<number | null>(null)
  const mutation = useMutation({
    mutationFn: async (request: MigrationRequest): Promise<ReportSummary> => {
      setProgress(null)
      const form = new FormData()
      form.append('migration_type', request.type)
      form.append('add_migration_tag', String(request.addMigrationTag))
      form.append('archive', request.archive)
      return uploadForm(startMigration, {
        form,
        onProgress: ({ loaded, total }) => setProgress(total ? Math.min(1, loaded / total) : null),
      })
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: reportKeys.all })
      void queryClient.invalidateQueries({ queryKey: ['recipes'] })
    },
  })
  return { ...mutation, progress }
}
