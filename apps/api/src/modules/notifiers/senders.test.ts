import { describe, expect, it } from 'vitest'
import { parseAppriseUrl } from './apprise-url.js'
import { deliver, type DeliveryTransport, type HttpCall, type MailCall, type NotifierMessage } from './senders.js'

const message: NotifierMessage = { title: 'Recipe Created', body: 'Soup <hot> & fresh', type: 'info' }

/** A transport that records each request and answers from `answers` (by URL part), 200 `{}` otherwise. */
function recorder(answers: Record<string, string> = {}) {
  const calls: HttpCall[] = []
  const mails: MailCall[] = []
  const transport: DeliveryTransport = {
    http(call) {
      calls.push(call)
      const key = Object.keys(answers).find((part) => call.url.includes(part))
      return Promise.resolve({ status: 200, body: key ? answers[key]! : '{}' })
    },
    mail(call) {
      mails.push(call)
      return Promise.resolve()
    },
  }
  return { calls, mails, transport }
}

async function sent(url: string, answers?: Record<string, string>) {
  const { calls, mails, transport } = recorder(answers)
  await deliver(parseAppriseUrl(url), message, transport)
  return { calls, mails, bodies: calls.map((call) => (call.body?.startsWith('{') ? JSON.parse(call.body) : call.body)) }
}

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`

describe('senders', () => {
  it('json: Apprise JSON payload, custom fields renamed, dropped or added, headers and basic credentials', async () => {
    const { calls, bodies } = await sent('jsons://me:pw@example.com/hook?+X-Key=k&:type=&:message=text&:source=larder')
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: 'https://example.com/hook',
      headers: { 'content-type': 'application/json', authorization: basic('me', 'pw'), 'X-Key': 'k' },
    })
    expect(bodies[0]).toEqual({
      version: '1.0',
      title: 'Recipe Created',
      text: 'Soup <hot> & fresh',
      attachments: [],
      source: 'larder',
    })
  })

  it('form: url-encoded fields; GET puts them in the query', async () => {
    const posted = await sent('form://example.com/in')
    expect(posted.calls[0]!.headers['content-type']).toBe('application/x-www-form-urlencoded')
    expect(Object.fromEntries(new URLSearchParams(posted.calls[0]!.body))).toEqual({
      version: '1.0',
      title: 'Recipe Created',
      message: 'Soup <hot> & fresh',
      type: 'info',
    })
    const got = await sent('form://example.com/in?method=GET')
    expect(got.calls[0]!.body).toBeUndefined()
    expect(new URL(got.calls[0]!.url).searchParams.get('title')).toBe('Recipe Created')
  })

  it('xml: the SOAP envelope of NotifyXML-1.1, escaped, with custom fields as elements', async () => {
    const { calls } = await sent('xml://example.com/soap?:event_type=recipe_created')
    expect(calls[0]!.headers['content-type']).toBe('application/xml; charset=utf-8')
    expect(calls[0]!.body).toContain('<Subject>Recipe Created</Subject>')
    expect(calls[0]!.body).toContain('<Message>Soup &lt;hot&gt; &amp; fresh</Message>')
    expect(calls[0]!.body).toContain('<MessageType>info</MessageType>')
    expect(calls[0]!.body).toContain('<event_type>recipe_created</event_type>')
  })

  it('ntfy: JSON publishing to the server root, one request per topic, priority, tags and token', async () => {
    const { calls, bodies } = await sent('ntfys://tk_abc@ntfy.example.com/a/b?priority=5&tags=soup')
    expect(calls.map((call) => call.url)).toEqual(['https://ntfy.example.com', 'https://ntfy.example.com'])
    expect(calls[0]!.headers).toMatchObject({ authorization: 'Bearer tk_abc', 'x-priority': 'max', 'x-tags': 'soup' })
    expect(bodies).toEqual([
      { topic: 'a', title: 'Recipe Created', message: 'Soup <hot> & fresh' },
      { topic: 'b', title: 'Recipe Created', message: 'Soup <hot> & fresh' },
    ])
    const cloud = await sent('ntfy://kitchen')
    expect(cloud.calls[0]).toMatchObject({ url: 'https://ntfy.sh' })
    expect(cloud.calls[0]!.headers.authorization).toBeUndefined()
  })

  it('gotify: POST /message with the application token header', async () => {
    const { calls, bodies } = await sent('gotifys://push.example.com/sub/AppToken')
    expect(calls[0]).toMatchObject({
      url: 'https://push.example.com/sub/message',
      headers: { 'x-gotify-key': 'AppToken' },
    })
    expect(bodies[0]).toEqual({ priority: 5, title: 'Recipe Created', message: 'Soup <hot> & fresh' })
  })

  it('discord: the webhook with an embed', async () => {
    const { calls, bodies } = await sent('discord://Larder@1234/tok')
    expect(calls[0]!.url).toBe('https://discord.com/api/webhooks/1234/tok')
    expect(bodies[0]).toEqual({
      tts: false,
      wait: true,
      username: 'Larder',
      embeds: [{ title: 'Recipe Created', type: 'rich', description: 'Soup <hot> & fresh', color: 0x3aa3e3 }],
    })
  })

  it('slack: incoming webhook per channel, or chat.postMessage with a bot token', async () => {
    const hook = await sent('slack://T1/B2/C3/#general')
    expect(hook.calls[0]!.url).toBe('https://hooks.slack.com/services/T1/B2/C3')
    expect(hook.bodies[0]).toMatchObject({
      channel: '#general',
      mrkdwn: true,
      attachments: [{ title: 'Recipe Created', text: 'Soup <hot> & fresh', color: '#3AA3E3' }],
    })
    const bot = await sent('slack://xoxb-1-2/#general')
    expect(bot.calls[0]).toMatchObject({
      url: 'https://slack.com/api/chat.postMessage',
      headers: { authorization: 'Bearer xoxb-1-2' },
    })
    expect(bot.bodies[0]).toMatchObject({ channel: 'general' })
  })

  it('telegram: sendMessage per chat, HTML with the title in bold, escaped', async () => {
    const { calls, bodies } = await sent('tgram://123:ABC/42/-7')
    expect(calls.map((call) => call.url)).toEqual([
      'https://api.telegram.org/bot123:ABC/sendMessage',
      'https://api.telegram.org/bot123:ABC/sendMessage',
    ])
    expect(bodies[0]).toEqual({
      chat_id: '42',
      disable_notification: false,
      parse_mode: 'HTML',
      text: '<b>Recipe Created</b>\r\nSoup &lt;hot&gt; &amp; fresh',
    })
  })

  it('mailto: one mail through the URL’s server, subject the title', async () => {
    const { mails } = await sent('mailtos://cook:pw@example.com/to@example.org?smtp=smtp.example.net&name=Larder')
    expect(mails).toEqual([
      {
        host: 'smtp.example.net',
        port: 587,
        security: 'starttls',
        auth: { user: 'cook', pass: 'pw' },
        from: { name: 'Larder', address: 'cook@example.com' },
        to: ['to@example.org'],
        subject: 'Recipe Created',
        text: 'Soup <hot> & fresh',
      },
    ])
  })

  it('pushover: the form post to messages.json', async () => {
    const user = 'u'.repeat(30)
    const token = 'a'.repeat(30)
    const { calls } = await sent(`pover://${user}@${token}/phone`)
    expect(calls[0]!.url).toBe('https://api.pushover.net/1/messages.json')
    expect(Object.fromEntries(new URLSearchParams(calls[0]!.body))).toEqual({
      token,
      user,
      title: 'Recipe Created',
      message: 'Soup <hot> & fresh',
      priority: '0',
      device: 'phone',
    })
  })

  it('matrix: signs in, joins the room by alias, sends to the room id; t2bot posts its webhook', async () => {
    const { calls, bodies } = await sent('matrixs://bot:pw@matrix.example.org/#kitchen', {
      '/login': '{"access_token":"syt_1"}',
      '/join/': '{"room_id":"!r1:matrix.example.org"}',
    })
    expect(calls.map((call) => `${call.method} ${call.url.replace(/[0-9a-f-]{36}$/, '<txn>')}`)).toEqual([
      'POST https://matrix.example.org/_matrix/client/v3/login',
      'POST https://matrix.example.org/_matrix/client/v3/join/%23kitchen%3Amatrix.example.org',
      'PUT https://matrix.example.org/_matrix/client/v3/rooms/!r1%3Amatrix.example.org/send/m.room.message/<txn>',
    ])
    expect(bodies[0]).toEqual({
      type: 'm.login.password',
      identifier: { type: 'm.id.user', user: 'bot' },
      password: 'pw',
    })
    expect(calls[2]!.headers.authorization).toBe('Bearer syt_1')
    expect(bodies[2]).toEqual({ msgtype: 'm.text', body: 'Recipe Created\r\nSoup <hot> & fresh' })
    const hook = 'd'.repeat(64)
    const t2bot = await sent(`matrix://${hook}`)
    expect(t2bot.calls[0]!.url).toBe(`https://webhooks.t2bot.io/api/v1/matrix/hook/${hook}`)
    expect(t2bot.bodies[0]).toEqual({ format: 'plain', text: 'Recipe Created\r\nSoup <hot> & fresh' })
  })

  it('hassio: a persistent notification with the long-lived token', async () => {
    const { calls, bodies } = await sent('hassio://ha.local/TOKEN?nid=larder')
    expect(calls[0]).toMatchObject({
      url: 'http://ha.local:8123/api/services/persistent_notification/create',
      headers: { authorization: 'Bearer TOKEN' },
    })
    expect(bodies[0]).toEqual({ title: 'Recipe Created', message: 'Soup <hot> & fresh', notification_id: 'larder' })
  })

  it('apprise: the Apprise API notify endpoint for the key, with tags', async () => {
    const { calls, bodies } = await sent('apprises://apprise.example.com/mykey?tags=kitchen')
    expect(calls[0]!.url).toBe('https://apprise.example.com/notify/mykey')
    expect(bodies[0]).toEqual({
      title: 'Recipe Created',
      body: 'Soup <hot> & fresh',
      type: 'info',
      format: 'text',
      tag: 'kitchen',
    })
  })
})
