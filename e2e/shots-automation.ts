// Screenshots of the household's notifiers, webhooks and recipe actions and the administrators' backups and
// maintenance, at phone and desktop widths, light and dark. Not a
// test: `pnpm build`, then `pnpm --filter @larder/e2e exec tsx shots-automation.ts <out dir>`.
import { withShotSession } from './src/shot-session.js'
import { shotVariants } from './src/shot-variants.js'
import { json, larderUrl } from './tests/session.js'

await withShotSession('/tmp/larder-shots/automation', async ({ token, out, openVariant }) => {
  const send = (method: string, path: string, body?: unknown) =>
    fetch(`${larderUrl()}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  await json(
    await send('POST', '/api/households/events/notifications', {
      name: 'Kitchen phone',
      appriseUrl: 'ntfys://ntfy.sh/larder-kitchen-topic',
    }),
    201,
    'notifier',
  )
  await json(
    await send('POST', '/api/households/events/notifications', {
      name: 'Home Assistant',
      appriseUrl: 'hassio://homeassistant.local/long-lived-access-token',
    }),
    201,
    'notifier',
  )
  await json(
    await send('POST', '/api/households/webhooks', {
      enabled: true,
      name: 'Dinner on the hallway screen',
      url: 'https://example.org/hooks/dinner',
      webhookType: 'mealplan',
      scheduledTime: '16:30',
    }),
    201,
    'webhook',
  )

  await json(
    await send('POST', '/api/households/recipe-actions', {
      actionType: 'link',
      title: 'Send to the kitchen tablet',
      url: `https://example.org/cook?recipe=\${slug}`,
    }),
    201,
    'recipe action',
  )
  await json(await send('POST', '/api/admin/backups'), 201, 'backup')

  const screens = [
    ['notifiers', '/household/notifiers', 'Kitchen phone'],
    ['webhooks', '/household/webhooks', 'Dinner on the hallway screen'],
    ['recipe-actions', '/group/data/recipe-actions', 'Send to the kitchen tablet'],
    ['backups', '/admin/backups', 'larder_'],
    ['maintenance', '/admin/maintenance', 'Backups'],
  ] as const
  for (const variant of shotVariants) {
    const { page, close } = await openVariant(variant, '/household/notifiers')
    for (const [name, path, waitText] of screens) {
      await page.goto(path)
      await page.getByText(waitText).first().waitFor({ timeout: 15_000 })
      await page.waitForTimeout(800)
      await page.screenshot({ path: `${out}/${name}-${variant.name}.png`, fullPage: true })
    }
    await close()
  }
})
