import type { UserOut } from '@larder/contracts'
import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core'
import { IconPhotoUp, IconUpload } from '@tabler/icons-react'
import { useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { notifySuccess } from '@/components/feedback'
import { avatarUrl, useUploadAvatar } from '@/features/users/api/profile'
import { displayNameOf } from './ProfileHeader'

const maximumAvatarBytes = 10 * 1024 * 1024

/** Pick a picture, see it, then upload it (stored as WebP by the server). */
export function AvatarUpload({ user }: { user: UserOut }) {
  const { t } = useTranslation()
  const upload = useUploadAvatar(user.id)
  const [file, setFile] = useState<File | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file])
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview])

  function choose(chosen: File | null) {
    setProblem(null)
    if (!chosen) return
    if (!chosen.type.startsWith('image/')) return setProblem(t('profileEdit.avatarNotImage'))
    if (chosen.size > maximumAvatarBytes) return setProblem(t('profileEdit.avatarTooLarge'))
    setFile(chosen)
  }

  const name = displayNameOf(user)
  return (
    <Group gap="lg" wrap="wrap" align="center">
      <Avatar
        src={file ? preview : avatarUrl(user)}
        size={96}
        radius={96}
        color="primary"
        alt={t('profileEdit.avatar')}
      >
        {name.slice(0, 1).toUpperCase()}
      </Avatar>
      <Stack gap="xs">
        <Group gap="xs">
          <FileButton onChange={choose} accept="image/png,image/jpeg,image/webp,image/gif">
            {(props) => (
              <Button variant="default" leftSection={<IconPhotoUp size={16} />} {...props}>
                {t('profileEdit.chooseAvatar')}
              </Button>
            )}
          </FileButton>
          {file && (
            <Button
              leftSection={<IconUpload size={16} />}
              loading={upload.isPending}
              onClick={() =>
                upload.mutate(file, {
                  onSuccess: () => {
                    setFile(null)
                    notifySuccess(t('profileEdit.avatarSaved'))
                  },
                })
              }
            >
              {t('profileEdit.uploadAvatar')}
            </Button>
          )}
        </Group>
        <Text size="xs" c={problem ? 'error' : 'dimmed'} role={problem ? 'alert' : undefined}>
          {problem ?? (file ? t('profileEdit.avatarPreview', { name: file.name }) : t('profileEdit.avatarHint'))}
        </Text>
      </Stack>
    </Group>
  )
}
