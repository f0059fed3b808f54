import {
  createBackup,
  deleteBackup,
  getBackupToken,
  listBackups,
  restoreBackup,
  uploadBackup,
  verifyBackup,
} from '@larder/contracts'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { call } from '@/api/http'
import { uploadForm, type UploadProgress } from '@/api/upload'
import { saveDownload } from '@/features/recipes/api/save-download'

export const backupKeys = { list: ['admin', 'backups'] as const }

export const backupsQuery = () => queryOptions({ queryKey: backupKeys.list, queryFn: () => call(listBackups) })

export function useBackups() {
  return useQuery(backupsQuery())
}

const shareOf = (progress: UploadProgress) =>
  progress.total ? Math.round((progress.loaded / progress.total) * 100) : null

/**
 * `/admin/backups`' actions (reference §2.14). Create waits for the whole archive (the server answers when it is
 * written); upload reports its progress; verify and restore answer a report per table; download asks for a
 * short-lived token and opens `/api/utils/download?token=`, as Mealie's client does.
 */
export function useBackupActions() {
  const queryClient = useQueryClient()
  const listAgain = () => queryClient.invalidateQueries({ queryKey: backupKeys.list })
  const [uploadShare, setUploadShare] = useState<number | null>(null)

  const create = useMutation({ mutationFn: () => call(createBackup), onSettled: listAgain })
  const upload = useMutation({
    mutationFn: (file: File) => {
      const form = new FormData()
      form.append('archive', file)
      setUploadShare(0)
      return uploadForm(uploadBackup, { form, onProgress: (value) => setUploadShare(shareOf(value)) })
    },
    onSettled: () => {
      setUploadShare(null)
      return listAgain()
    },
  })
  const verify = useMutation({
    mutationFn: (fileName: string) => call(verifyBackup, { params: { fileName }, notify: false }),
  })
  const restore = useMutation({
    mutationFn: (fileName: string) => call(restoreBackup, { params: { fileName }, notify: false }),
  })
  const remove = useMutation({
    mutationFn: (fileName: string) => call(deleteBackup, { params: { fileName } }),
    onSettled: listAgain,
  })
  const download = useMutation({
    mutationFn: async (fileName: string) => {
      const { fileToken } = await call(getBackupToken, { params: { fileName } })
      saveDownload(`/api/utils/download?token=${encodeURIComponent(fileToken)}`, fileName)
    },
  })
  return { create, upload, uploadShare, verify, restore, remove, download }
}
