import {
  ActionIcon,
  Alert,
  Avatar,
  Box,
  Button,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core'
import { IconPencil, IconTrash } from '@tabler/icons-react'
import type { RecipeComment } from '@larder/contracts'
import { useState, type FormEvent } from 'react'
import { useAuth } from '@/features/auth'
import { useStrings } from '@/i18n/use-strings'
import { useCommentMutations, useRecipeComments } from '@/features/recipes/api/comments'
import { ConfirmIconButton } from './ConfirmIconButton'

const maxLength = 10_000

function initialsOf(name: string) {
  return (
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((part) => part[0]!.toUpperCase())
      .join('') || '?'
  )
}

function CommentItem(props: {
  comment: RecipeComment
  canChange: boolean
  onSave: (text: string) => Promise<unknown>
  onDelete: () => void
  busy: boolean
}) {
  const { t, i18n } = useStrings('recipes')
  const { comment } = props
  const [editing, setEditing] = useState(false)
  const [draft, setDraft] = useState(comment.text)
  const author = comment.user.fullName || comment.user.username || t('social.someone')
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(comment.createdAt),
  )
  const save = async (submitted: FormEvent) => {
    submitted.preventDefault()
    if (!draft.trim()) return
    try {
      await props.onSave(draft.trim())
      setEditing(false)
    } catch {
      // The section shows the server's message.
    }
  }
  return (
    <Group component="li" align="flex-start" gap="sm" wrap="nowrap" data-testid="recipe-comment">
      <Avatar radius="xl" size={32} variant="filled" color="primary" aria-hidden="true">
        {initialsOf(author)}
      </Avatar>
      <Box style={{ flex: 1, minWidth: 0 }}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Stack gap={0}>
            <Text size="sm" fw={600} component="span">
              {author}
            </Text>
            <Text size="xs" c="dimmed" component="time" dateTime={comment.createdAt}>
              {when}
            </Text>
          </Stack>
          {props.canChange && !editing && (
            <Group gap={2} wrap="nowrap">
              <ActionIcon
                variant="subtle"
                color="gray.8"
                aria-label={t('social.editComment', { name: author })}
                onClick={() => {
                  setDraft(comment.text)
                  setEditing(true)
                }}
              >
                <IconPencil size={16} aria-hidden="true" />
              </ActionIcon>
              <ConfirmIconButton
                label={t('social.deleteComment', { name: author })}
                title={t('social.deleteCommentTitle')}
                message={t('social.deleteCommentText')}
                icon={<IconTrash size={16} aria-hidden="true" />}
                disabled={props.busy}
                onConfirm={props.onDelete}
              />
            </Group>
          )}
        </Group>
        {editing ? (
          <form onSubmit={(submitted) => void save(submitted)}>
            <Stack gap="xs" mt={4}>
              <Textarea
                label={t('social.editCommentLabel')}
                value={draft}
                onChange={(changed) => setDraft(changed.currentTarget.value)}
                rows={3}
                maxLength={maxLength}
                data-autofocus
              />
              <Group gap="xs" justify="flex-end">
                <Button variant="default" size="compact-sm" onClick={() => setEditing(false)}>
                  {t('common.cancel')}
                </Button>
                <Button type="submit" size="compact-sm" loading={props.busy} disabled={!draft.trim()}>
                  {t('common.save')}
                </Button>
              </Group>
            </Stack>
          </form>
        ) : (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {comment.text}
          </Text>
        )}
      </Box>
    </Group>
  )
}

/**
 * The recipe's comments, oldest first, with a box to add one; authors change or delete their own, administrators any.
 * Where the recipe disables comments the section says so instead. The server's refusals (403) show in place.
 */
export function RecipeComments(props: {
  recipe: { id: string; slug: string; settings: { disableComments: boolean } }
}) {
  const { t } = useStrings('recipes')
  const { user } = useAuth()
  const disabled = props.recipe.settings.disableComments
  const comments = useRecipeComments(props.recipe.slug, !disabled)
  const { add, edit, remove } = useCommentMutations(props.recipe.slug)
  const [text, setText] = useState('')
  const failure = add.error ?? edit.error ?? remove.error

  const submit = (submitted: FormEvent) => {
    submitted.preventDefault()
    if (!text.trim()) return
    edit.reset()
    remove.reset()
    add.mutate({ recipeId: props.recipe.id, text: text.trim() }, { onSuccess: () => setText('') })
  }

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="recipe-comments-title">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="recipe-comments-title">
          {t('social.comments')}
        </Title>
        {disabled ? (
          <Text size="sm" c="dimmed" data-testid="comments-disabled">
            {t('social.commentsDisabled')}
          </Text>
        ) : (
          <>
            {comments.isLoading && <Loader size="sm" role="status" aria-label={t('common.loading')} />}
            {comments.isError && (
              <Alert color="error" variant="light">
                {comments.error.message}
              </Alert>
            )}
            {comments.isSuccess && comments.data.length === 0 && (
              <Text size="sm" c="dimmed">
                {t('social.noComments')}
              </Text>
            )}
            {comments.isSuccess && comments.data.length > 0 && (
              <Stack
                component="ul"
                gap="md"
                m={0}
                p={0}
                style={{ listStyle: 'none' }}
                aria-labelledby="recipe-comments-title"
              >
                {comments.data.map((comment) => (
                  <CommentItem
                    key={comment.id}
                    comment={comment}
                    canChange={user !== null && (comment.userId === user.id || user.admin)}
                    busy={edit.isPending || remove.isPending}
                    onSave={(changed) => {
                      add.reset()
                      remove.reset()
                      return edit.mutateAsync({ id: comment.id, text: changed })
                    }}
                    onDelete={() => {
                      add.reset()
                      edit.reset()
                      remove.mutate(comment.id)
                    }}
                  />
                ))}
              </Stack>
            )}
            {failure && (
              <Alert color="error" variant="light" role="alert" data-testid="comment-error">
                {failure.message}
              </Alert>
            )}
            {user && (
              <form onSubmit={submit}>
                <Stack gap="xs">
                  <Textarea
                    label={t('social.addComment')}
                    placeholder={t('social.addCommentPlaceholder')}
                    value={text}
                    onChange={(changed) => setText(changed.currentTarget.value)}
                    rows={3}
                    maxLength={maxLength}
                  />
                  <Button type="submit" w="fit-content" loading={add.isPending} disabled={!text.trim()}>
                    {t('social.postComment')}
                  </Button>
                </Stack>
              </form>
            )}
          </>
        )}
      </Stack>
    </Paper>
  )
}
