import { createComment, deleteComment, listRecipeComments, updateComment } from '@larder/contracts'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { call } from '@/api/http'

const commentsKey = (slug: string) => ['recipe-comments', slug] as const

/** The recipe's comments, oldest first. */
export function useRecipeComments(slug: string, enabled = true) {
  return useQuery({
    queryKey: commentsKey(slug),
    queryFn: () => call(listRecipeComments, { params: { slug }, notify: false }),
    enabled,
  })
}

/**
 * Add, change and delete comments; failures stay quiet (the section shows the server's message next to the form) and
 * every success reads the list again.
 */
export function useCommentMutations(slug: string) {
  const queryClient = useQueryClient()
  const refresh = () => queryClient.invalidateQueries({ queryKey: commentsKey(slug) })
  const add = useMutation({
    mutationFn: (body: { recipeId: string; text: string }) => call(createComment, { body, notify: false }),
    onSuccess: refresh,
  })
  const edit = useMutation({
    mutationFn: ({ id, text }: { id: string; text: string }) =>
      call(updateComment, { params: { id }, body: { id, text }, notify: false }),
    onSuccess: refresh,
  })
  const remove = useMutation({
    mutationFn: (id: string) => call(deleteComment, { params: { id }, notify: false }),
    onSuccess: refresh,
  })
  return { add, edit, remove }
}
