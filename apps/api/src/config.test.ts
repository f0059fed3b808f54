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
})
