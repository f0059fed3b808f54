import { Alert, Anchor, Button, Checkbox, Divider, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core'
import { useEffect, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation, useSearchParams } from 'react-router'
import { ApiError } from '@/api/api-error'
import { appInfo as appInfoCall, startupInfo as startupInfoCall, useCachedCall } from '@/api/app-facts'
import { session } from './app-session'
import { paths } from '@/app/paths'

/** The OIDC start: the server answers with a redirect to the identity provider. */
const oauthStartPath = '/api/auth/oauth'

function registeredName(state: unknown): string | null {
  const username = (state as { username?: unknown } | null)?.username
  return typeof username === 'string' && username !== '' ? username : null
}

export function LoginForm({ oauthFailed }: { oauthFailed: boolean }) {
  const { t } = useTranslation()
  const [searchParams] = useSearchParams()
  const appInfo = useCachedCall(appInfoCall)
  const startupInfo = useCachedCall(startupInfoCall)
  // A person who just registered arrives with their email (router state, kept out of the address).
  const registered = registeredName(useLocation().state)
  const [username, setUsername] = useState(registered ?? '')
  const [password, setPassword] = useState('')
  const [rememberMe, setRememberMe] = useState(false)
  const [submitting, setSubmitting] = useState(false)
  const [error, setError] = useState<string | null>(oauthFailed ? t('login.oauthFailed') : null)

  // docs/mealie-compatibility.md "App info" oidcRedirect: go straight to the provider unless `?direct=1` asks for the local form.
  const autoRedirect = appInfo?.enableOidc && appInfo.oidcRedirect && searchParams.get('direct') !== '1' && !oauthFailed
  useEffect(() => {
    if (autoRedirect) window.location.assign(oauthStartPath)
  }, [autoRedirect])

  async function submit(event: FormEvent) {
    event.preventDefault()
    setSubmitting(true)
    setError(null)
    try {
      // The sign-in page moves on (redirect, setup or group home) as soon as the session is authenticated.
      await session.signInWithPassword({ username, password, rememberMe })
    } catch (caught) {
      // Messages from the server are already on screen as a notification; say something for the rest.
      if (!(caught instanceof ApiError && caught.notified)) {
        setError(
          caught instanceof ApiError && caught.status === 401 ? t('login.invalidCredentials') : t('login.failed'),
        )
      }
    } finally {
      setSubmitting(false)
    }
  }

  const passwordLogin = appInfo?.allowPasswordLogin ?? true
  return (
    <Stack gap="md">
      {startupInfo?.isFirstLogin && (
        <Alert variant="light" color="info" title={t('login.firstRunTitle')}>
          <Text size="sm">{t('login.firstRunText')}</Text>
          <Text size="sm" ff="monospace" mt={4}>
            {/* Isolated left to right, so a right-to-left page does not reorder the address and the slash. */}
            <bdi dir="ltr">changeme@example.com / MyPassword</bdi>
          </Text>
        </Alert>
      )}
      {error && (
        <Alert variant="light" color="error" role="alert" data-testid="login-error">
          {error}
        </Alert>
      )}
      {passwordLogin && (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack gap="sm">
            <TextInput
              label={t('login.username')}
              name="username"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              required
              data-testid="login-username"
              value={username}
              onChange={(event) => setUsername(event.currentTarget.value)}
            />
            <PasswordInput
              label={t('login.password')}
              name="password"
              autoComplete="current-password"
              required
              data-testid="login-password"
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              autoFocus={registered !== null}
              visibilityToggleButtonProps={{ 'aria-label': t('login.togglePassword') }}
            />
            <Group justify="space-between" mt={4}>
              <Checkbox
                label={t('login.rememberMe')}
                data-testid="login-remember-me"
                checked={rememberMe}
                onChange={(event) => setRememberMe(event.currentTarget.checked)}
              />
              <Anchor component={Link} to={paths.forgotPassword} size="sm">
                {t('login.forgotPassword')}
              </Anchor>
            </Group>
            <Button type="submit" fullWidth size="md" mt="xs" loading={submitting} data-testid="login-submit">
              {t('login.submit')}
            </Button>
          </Stack>
        </form>
      )}
      {appInfo?.enableOidc && (
        <>
          {passwordLogin && <Divider label={t('login.or')} labelPosition="center" />}
          <Button component="a" href={oauthStartPath} variant="default" size="md" fullWidth>
            {t('login.withProvider', { provider: appInfo.oidcProviderName })}
          </Button>
        </>
      )}
      {appInfo?.allowSignup && (
        <Text size="sm" ta="center" c="dimmed">
          {t('login.noAccount')}{' '}
          <Anchor component={Link} to={paths.register} fw={600}>
            {t('login.register')}
          </Anchor>
        </Text>
      )}
    </Stack>
  )
}
