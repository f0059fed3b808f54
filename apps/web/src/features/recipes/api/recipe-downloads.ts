import { createRecipeZipToken, exportRecipe, buildPath } from '@larder/contracts'
import { useMutation } from '@tanstack/react-query'
import { call, httpClient } from '@/api/http'
import { saveDownload } from './save-download'

/** The file name the server gives in `content-disposition`, else the fallback. */
function fileNameOf(response: Response, fallback: string): string {
  const header = response.headers.get('content-disposition') ?? ''
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1]
  if (encoded) return decodeURIComponent(encoded)
  return /filename="([^"]+)"/i.exec(header)?.[1] ?? fallback
}

export type RecipeExportFormat = 'markdown' | 'json' | 'zip'

/**
 * The recipe page's exports (docs/mealie-compatibility.md "Recipe exports"): Markdown through the server's `recipes.md` template and the JSON
 * file are read with the session's credentials and saved; the zip is opened through a 30-minute zip token, so the
 * browser downloads it itself.
 */
export function useRecipeDownload(slug: string) {
  return useMutation({
    mutationFn: async (format: RecipeExportFormat) => {
      if (format === 'zip') {
        const { token } = await call(createRecipeZipToken, { params: { slug } })
        saveDownload(
          `/api/recipes/${encodeURIComponent(slug)}/exports/zip?token=${encodeURIComponent(token)}`,
          `${slug}.zip`,
        )
        return
      }
      const templateName = format === 'markdown' ? 'recipes.md' : 'raw'
      const response = await httpClient.ky.get(buildPath(exportRecipe.path, { slug }).replace(/^\//, ''), {
        searchParams: { template_name: templateName },
      })
      const url = URL.createObjectURL(await response.blob())
      saveDownload(url, fileNameOf(response, `${slug}.${format === 'markdown' ? 'md' : 'json'}`))
      window.setTimeout(() => URL.revokeObjectURL(url), 1000)
    },
  })
}
