import { createRecipeFromImage, createRecipeFromZip } from '@larder/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { uploadForm, type UploadProgress } from '@/api/upload'

/** Upload progress as a share of the body, 0..1; null before the upload starts or when the size is unknown. */
function shareOf(progress: UploadProgress): number | null {
  return progress.total ? Math.min(1, progress.loaded / progress.total) : null
}

/** Imports a recipe zip (multipart `archive`); answers the new recipe's slug. */
export function useImportZip() {
  const queryClient = useQueryClient()
  const [progress, setProgress] = useState<number | null>(null)
  const mutation = useMutation({
    mutationFn: async (archive: File): Promise<string> => {
      setProgress(null)
      const form = new FormData()
      form.append('archive', archive)
      return uploadForm(createRecipeFromZip, { form, onProgress: (value) => setProgress(shareOf(value)) })
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['recipes'] }),
  })
  return { ...mutation, progress }
}

/** Reads a recipe from photos (multipart `images`, repeated), optionally translated; answers the new slug. */
export function useImportImages() {
  const queryClient = useQueryClient()
  const [progress, setProgress] = useState<number | null>(null)
  const mutation = useMutation({
    mutationFn: async ({ images, translateLanguage }: { images: File[]; translateLanguage?: string }) => {
      setProgress(null)
      const form = new FormData()
      for (const image of images) form.append('images', image)
      return uploadForm(createRecipeFromImage, {
        form,
        query: { translateLanguage },
        onProgress: (value) => setProgress(shareOf(value)),
      })
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['recipes'] }),
  })
  return { ...mutation, progress }
}
