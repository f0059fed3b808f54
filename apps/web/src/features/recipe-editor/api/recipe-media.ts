import {
  buildPath,
  deleteRecipeImage,
  scrapeRecipeImage,
  uploadRecipeAsset,
  uploadRecipeImage,
  type Recipe,
  type RecipeAsset,
  type RecipeImageKey,
} from '@larder/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { call, httpClient } from '@/api/http'
import { recipeKeys } from '@/features/recipes/api/recipes'

/** The text after the last dot of a file name, which the server stores the upload under. */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.')
  return dot === -1 ? '' : fileName.slice(dot + 1).toLowerCase()
}

/** Where the recipe's picture is served; the cache key changes with every new image. */
export function recipeImageUrl(
  recipe: Pick<Recipe, 'id' | 'image'>,
  size: 'original' | 'min-original' = 'min-original',
) {
  return `/api/media/recipes/${encodeURIComponent(recipe.id)}/images/${size}.webp?version=${encodeURIComponent(recipe.image ?? '')}`
}

/** Upload, fetch by URL and remove the image; the recipe's cached page takes the new cache key. */
export function useRecipeImage(slug: string) {
  const queryClient = useQueryClient()
  const setImage = (image: string | null) =>
    queryClient.setQueryData<Recipe>(recipeKeys.detail(slug), (recipe) => (recipe ? { ...recipe, image } : recipe))
  const refreshLists = () => void queryClient.invalidateQueries({ queryKey: recipeKeys.lists() })

  const upload = useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData()
      form.append('image', file)
      form.append('extension', extensionOf(file.name))
      return (await httpClient.send({
        method: uploadRecipeImage.method,
        path: buildPath(uploadRecipeImage.path, { slug }),
        body: form,
      })) as RecipeImageKey
    },
    onSuccess: (answer) => {
      setImage(answer.image)
      refreshLists()
    },
  })
  const fromUrl = useMutation({
    mutationFn: (url: string) => call(scrapeRecipeImage, { params: { slug }, body: { url: url.trim() } }),
    onSuccess: (answer) => {
      setImage(answer.image)
      refreshLists()
    },
  })
  const remove = useMutation({
    mutationFn: () => call(deleteRecipeImage, { params: { slug }, notify: false }),
    onSuccess: () => {
      setImage(null)
      refreshLists()
    },
  })
  return { upload, fromUrl, remove }
}

export interface AssetUpload {
  name: string
  icon: string
  file: File
}

/** POST …/assets (multipart name, icon, extension, file); answers the new asset, which the server appends. */
export function useUploadRecipeAsset(slug: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ name, icon, file }: AssetUpload) => {
      const form = new FormData()
      form.append('name', name.trim())
      form.append('icon', icon)
      form.append('extension', extensionOf(file.name))
      form.append('file', file)
      return (await httpClient.send({
        method: uploadRecipeAsset.method,
        path: buildPath(uploadRecipeAsset.path, { slug }),
        body: form,
      })) as RecipeAsset
    },
    onSuccess: (asset) =>
      queryClient.setQueryData<Recipe>(recipeKeys.detail(slug), (recipe) =>
        recipe ? { ...recipe, assets: [...recipe.assets, asset] } : recipe,
      ),
  })
}
