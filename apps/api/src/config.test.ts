import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config.js'

describe('configuration', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({
      PORT: 9000,
      DATA_DIR: './data',
      TOKEN_TIME: 48,
      ALLOW_SIGNUP: false,
      ALLOW_PASSWORD_LOGIN: true,
      DEFAULT_GROUP: 'Home',
      DEFAULT_HOUSEHOLD: 'Family',
    })
    expect(config.DATABASE_URL).toBeUndefined()
    expect(config.dataDirectory).toMatch(/\/data$/)
  })

  it('reads booleans the way compose files write them', () => {
    expect(loadConfig({ ALLOW_SIGNUP: 'True' }).ALLOW_SIGNUP).toBe(true)
    expect(loadConfig({ ALLOW_SIGNUP: '0' }).ALLOW_SIGNUP).toBe(false)
  })

  it('stops start-up on a bad value, naming the variable', () => {
    expect(() => loadConfig({ PORT: 'ninety' })).toThrow(ConfigError)
    expect(() => loadConfig({ PORT: 'ninety' })).toThrow(/PORT/)
    expect(() => loadConfig({ THEME_LIGHT_PRIMARY: 'orange' })).toThrow(/THEME_LIGHT_PRIMARY/)
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/)
    expect(() => loadConfig({ ALLOW_SIGNUP: 'maybe' })).toThrow(/ALLOW_SIGNUP/)
  })

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined()
  })

  it('lets BASE_URL follow PORT when it is unset, so links point where the server listens', () => {
    expect(loadConfig({ PORT: '9100' }).BASE_URL).toBe('http://localhost:9100')
    expect(loadConfig({}).BASE_URL).toBe('http://localhost:9000')
    expect(loadConfig({ PORT: '9100', BASE_URL: 'https://larder.example' }).BASE_URL).toBe('https://larder.example')
  })

  it('trusts no proxy by default and reads TRUSTED_PROXIES as addresses and CIDR blocks, IPv4 and IPv6', () => {
    expect(loadConfig({}).TRUSTED_PROXIES).toEqual([])
    expect(loadConfig({ TRUSTED_PROXIES: '127.0.0.1, 10.0.0.0/8,::1,fd00::/8' }).TRUSTED_PROXIES).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
    ])
    for (const bad of ['true', 'proxy.example', '10.0.0.0/33', '::1/129', '10.0.0.1/8/8', '10.0.0.0/x']) {
      expect(() => loadConfig({ TRUSTED_PROXIES: bad }), bad).toThrow(/TRUSTED_PROXIES/)
    }
  })

  it('allows no private outbound address by default and reads HTTP_ALLOW_LIST as hosts, addresses and CIDRs', () => {
    expect(loadConfig({}).HTTP_ALLOW_LIST).toEqual([])
    expect(
      loadConfig({ HTTP_ALLOW_LIST: 'nas.home.arpa, localhost,127.0.0.1,192.168.1.0/24,::1,fd00::/8,nas.local:8080' })
        .HTTP_ALLOW_LIST,
    ).toEqual(['nas.home.arpa', 'localhost', '127.0.0.1', '192.168.1.0/24', '::1', 'fd00::/8', 'nas.local:8080'])
    expect(loadConfig({ HTTP_ALLOW_LIST: '10.0.0.7:8080,[fd00::1]:443' }).HTTP_ALLOW_LIST).toHaveLength(2)
    for (const bad of [
      'http://nas.local',
      'nas.local:0',
      'nas.local:65536',
      '10.0.0.0/8:80',
      '10.0.0.0/33',
      '::1/129',
      'nas.local/24',
      'a b',
      '*.lan',
    ]) {
      expect(() => loadConfig({ HTTP_ALLOW_LIST: bad }), bad).toThrow(/HTTP_ALLOW_LIST: must be comma-separated/)
    }
  })

  it('turns OpenAI on with a key (the model has a default), and its image services unless switched off', () => {
    expect(loadConfig({})).toMatchObject({
      openaiReady: false,
      openaiImageServicesReady: false,
      OPENAI_MODEL: 'gpt-4o',
    })
    expect(loadConfig({ OPENAI_API_KEY: 'sk-x' })).toMatchObject({ openaiReady: true, openaiImageServicesReady: true })
    expect(loadConfig({ OPENAI_API_KEY: 'sk-x', OPENAI_ENABLE_IMAGE_SERVICES: 'false' })).toMatchObject({
      openaiReady: true,
      openaiImageServicesReady: false,
    })
    expect(loadConfig({ OPENAI_REQUEST_TIMEOUT: '2.5', OPENAI_WORKERS: '4' })).toMatchObject({
      OPENAI_REQUEST_TIMEOUT: 2.5,
      OPENAI_WORKERS: 4,
    })
  })

  it('reads OPENAI_CUSTOM_HEADERS and OPENAI_CUSTOM_PARAMS as JSON objects of strings, naming a bad one', () => {
    expect(loadConfig({ OPENAI_CUSTOM_HEADERS: '{"X-Team": "kitchen"}' }).OPENAI_CUSTOM_HEADERS).toEqual({
      'X-Team': 'kitchen',
    })
    expect(loadConfig({}).OPENAI_CUSTOM_PARAMS).toEqual({})
    for (const bad of ['{x}', '[]', '"text"', '{"a": 1}', '{"a": {"b": "c"}}', 'null']) {
      expect(() => loadConfig({ OPENAI_CUSTOM_PARAMS: bad }), bad).toThrow(
        /OPENAI_CUSTOM_PARAMS: must be a JSON object/,
      )
    }
    expect(() => loadConfig({ OPENAI_BASE_URL: 'not a url' })).toThrow(/OPENAI_BASE_URL/)
    expect(() => loadConfig({ OPENAI_REQUEST_TIMEOUT: '0' })).toThrow(/OPENAI_REQUEST_TIMEOUT/)
  })
})
