import { describe, expect, it } from 'vitest'
import { AppriseUrlError, maskAppriseUrl, parseAppriseUrl, splitAppriseUrl } from './apprise-url.js'

const refused = (url: string) => expect(() => parseAppriseUrl(url), url).toThrow(AppriseUrlError)

describe('Apprise URLs', () => {
  it('splits without WHATWG rules: #room stays in the path, a bot token is no port, prefixes survive', () => {
    const parts = splitAppriseUrl(
      'matrixs://bot:p%40ss@matrix.example.org:8448/#kitchen/!abc:example.org?mode=off&+X-Key=a+b&-page=2&:event_type=',
    )
    expect(parts).toMatchObject({
      scheme: 'matrixs',
      user: 'bot',
      password: 'p@ss',
      host: 'matrix.example.org',
      port: 8448,
      segments: ['#kitchen', '!abc:example.org'],
      headers: { 'X-Key': 'a b' },
      passAlong: { page: '2' },
      fields: { event_type: '' },
    })
    expect(parts.query.get('mode')).toBe('off')
    expect(splitAppriseUrl('tgram://123456:ABC-def/42').authority).toBe('123456:ABC-def')
  })

  it('json, form and xml: http(s) address, method, basic credentials, headers, passed-along and custom fields', () => {
    expect(
      parseAppriseUrl('jsons://me:pw@hooks.example.com:8443/path/to?method=put&+X-Token=abc&-q=1&:source=larder'),
    ).toEqual({
      kind: 'json',
      url: 'https://hooks.example.com:8443/path/to?q=1',
      method: 'PUT',
      credentials: { user: 'me', password: 'pw' },
      headers: { 'X-Token': 'abc' },
      fields: { source: 'larder' },
    })
    expect(parseAppriseUrl('form://example.com')).toMatchObject({
      kind: 'form',
      url: 'http://example.com/',
      method: 'POST',
    })
    expect(parseAppriseUrl('xmls://example.com/soap')).toMatchObject({ kind: 'xml', url: 'https://example.com/soap' })
    refused('json://example.com?method=DELETE')
    refused('json://')
  })

  it('ntfy: cloud topics, private servers, basic or token authentication, priority and tags', () => {
    expect(parseAppriseUrl('ntfy://mytopic')).toMatchObject({
      baseUrl: 'https://ntfy.sh',
      topics: ['mytopic'],
      auth: null,
    })
    expect(parseAppriseUrl('ntfys://ntfy.sh/a/b')).toMatchObject({ baseUrl: 'https://ntfy.sh', topics: ['a', 'b'] })
    expect(parseAppriseUrl('ntfy://user:pass@ntfy.example.com:8080/alerts?priority=high&tags=a,b')).toEqual({
      kind: 'ntfy',
      baseUrl: 'http://ntfy.example.com:8080',
      topics: ['alerts'],
      auth: { basic: { user: 'user', password: 'pass' } },
      priority: 'high',
      tags: ['a', 'b'],
    })
    expect(parseAppriseUrl('ntfys://tk_abc123@ntfy.example.com/alerts')).toMatchObject({ auth: { token: 'tk_abc123' } })
    refused('ntfys://ntfy.sh')
    refused('ntfy://ntfy.example.com/t?priority=loud')
  })

  it('gotify: the token is the last part of the path, after an optional path; priority by name or number', () => {
    expect(parseAppriseUrl('gotifys://push.example.com/gotify/AbC123?priority=high')).toEqual({
      kind: 'gotify',
      baseUrl: 'https://push.example.com/gotify',
      token: 'AbC123',
      priority: 8,
    })
    expect(parseAppriseUrl('gotify://10.0.0.2:8080/tok')).toMatchObject({
      baseUrl: 'http://10.0.0.2:8080',
      priority: 5,
    })
    refused('gotify://push.example.com')
  })

  it('discord, slack and telegram', () => {
    expect(parseAppriseUrl('discord://Larder@123456/tok-en')).toEqual({
      kind: 'discord',
      webhookId: '123456',
      webhookToken: 'tok-en',
      username: 'Larder',
    })
    refused('discord://abc/def')
    expect(parseAppriseUrl('slack://T1JJ3T3L2/A1BRTD4JD/TIiajkdnlazkcOXrIdevi7FQ/#general')).toMatchObject({
      mode: 'webhook',
      tokens: ['T1JJ3T3L2', 'A1BRTD4JD', 'TIiajkdnlazkcOXrIdevi7FQ'],
      channels: ['#general'],
    })
    expect(parseAppriseUrl('slack://xoxb-1234-abcd/#general')).toMatchObject({ mode: 'bot', token: 'xoxb-1234-abcd' })
    refused('slack://T1/B1')
    refused('slack://xoxb-1234-abcd')
    expect(parseAppriseUrl('tgram://123456789:AAHxyz_-/-100123/42')).toEqual({
      kind: 'telegram',
      botToken: '123456789:AAHxyz_-',
      chatIds: ['-100123', '42'],
    })
    refused('tgram://123456789:AAHxyz')
  })

  it('mailto: the domain is the SMTP server unless a provider or smtp= says otherwise; recipients from path or to=', () => {
    expect(parseAppriseUrl('mailto://cook:pw@mail.example.com:2525?to=a@example.com,b@example.com')).toEqual({
      kind: 'mail',
      host: 'mail.example.com',
      port: 2525,
      security: 'none',
      credentials: { user: 'cook', password: 'pw' },
      from: 'cook@mail.example.com',
      fromName: null,
      to: ['a@example.com', 'b@example.com'],
    })
    expect(parseAppriseUrl('mailtos://me:pw@gmail.com')).toMatchObject({
      host: 'smtp.gmail.com',
      port: 587,
      security: 'starttls',
      from: 'me@gmail.com',
      to: ['me@gmail.com'],
    })
    expect(
      parseAppriseUrl('mailtos://me:pw@example.com/you@example.org?smtp=smtp.example.net&mode=ssl&name=Larder'),
    ).toMatchObject({
      host: 'smtp.example.net',
      port: 465,
      security: 'ssl',
      fromName: 'Larder',
      to: ['you@example.org'],
    })
    refused('mailto://me:pw@example.com/not-an-address')
  })

  it('pushover, matrix, hassio and apprise', () => {
    const user = 'u'.repeat(30)
    const token = 'a'.repeat(30)
    expect(parseAppriseUrl(`pover://${user}@${token}/phone?priority=high`)).toEqual({
      kind: 'pushover',
      userKey: user,
      token,
      devices: ['phone'],
      priority: 1,
    })
    refused('pover://short@token')
    expect(parseAppriseUrl('matrixs://bot:pw@matrix.example.org/#kitchen')).toMatchObject({
      mode: 'server',
      baseUrl: 'https://matrix.example.org',
      credentials: { user: 'bot', password: 'pw' },
      accessToken: null,
      rooms: ['#kitchen'],
    })
    expect(parseAppriseUrl('matrix://syt_token@matrix.example.org/!room:example.org')).toMatchObject({
      accessToken: 'syt_token',
    })
    const hook = 'b'.repeat(64)
    expect(parseAppriseUrl(`matrix://${hook}`)).toEqual({ kind: 'matrix', mode: 't2bot', token: hook, username: null })
    refused('matrix://bot:pw@matrix.example.org')
    refused('matrix://bot:pw@matrix.example.org/kitchen')
    expect(parseAppriseUrl('hassio://ha.local/LONG.LIVED.TOKEN')).toEqual({
      kind: 'hassio',
      baseUrl: 'http://ha.local:8123',
      token: 'LONG.LIVED.TOKEN',
      notificationId: null,
    })
    expect(parseAppriseUrl('hassios://ha.example.com:443/ha/TOKEN?nid=larder')).toMatchObject({
      baseUrl: 'https://ha.example.com:443/ha',
      notificationId: 'larder',
    })
    expect(parseAppriseUrl('apprises://me:pw@apprise.example.com/api/mykey?tags=kitchen')).toEqual({
      kind: 'apprise',
      baseUrl: 'https://apprise.example.com/api',
      token: 'mykey',
      credentials: { user: 'me', password: 'pw' },
      tags: 'kitchen',
    })
  })

  it('refuses schemes Larder does not deliver, naming the ones it does', () => {
    expect(() => parseAppriseUrl('sns://x')).toThrow(/does not deliver sns:\/\/.*ntfys:\/\//)
    expect(() => parseAppriseUrl('not a url')).toThrow(AppriseUrlError)
  })

  it('masks every secret part: passwords, tokens, topics, paths and queries', () => {
    const cases: Array<[string, string]> = [
      ['ntfys://ntfy.sh/secret-topic', 'ntfys://ntfy.sh/***'],
      ['ntfys://secret-topic', 'ntfys://***'],
      ['ntfys://tk_secret@ntfy.example.com/alerts', 'ntfys://***@ntfy.example.com/***'],
      ['jsons://user:pw@example.com:8443/hook?:a=b', 'jsons://user:***@example.com:8443/***'],
      ['json://example.com', 'json://example.com'],
      ['discord://1234/secret', 'discord://***'],
      ['tgram://123:secret/42', 'tgram://***'],
      ['mailtos://me:secret@gmail.com', 'mailtos://me:***@gmail.com'],
      ['hassio://ha.local/secret', 'hassio://ha.local/***'],
      [`matrix://${'c'.repeat(64)}`, 'matrix://***'],
    ]
    for (const [url, masked] of cases) {
      expect(maskAppriseUrl(url), url).toBe(masked)
      expect(maskAppriseUrl(url)).not.toMatch(/secret/)
    }
  })
})
