import { adminDebugOpenAI } from '@larder/contracts'
import { useMutation } from '@tanstack/react-query'
import { call } from '@/api/http'
import { uploadForm } from '@/api/upload'

/**
 * Tests the server's OpenAI provider (POST /api/admin/debug/openai). As Mealie's client does: no body without a
 * picture, multipart `image` and `extension` with one. The answer says whether the provider works; a refused picture
 * rejects, and is shown in place.
 */
export function useTestOpenAI() {
  return useMutation({
    mutationFn: (image: File | null) => {
      if (!image) return call(adminDebugOpenAI, { notify: false })
      const form = new FormData()
      form.append('image', image)
      form.append('extension', image.name.split('.').pop() ?? '')
      return uploadForm(adminDebugOpenAI, { form })
    },
  })
}
