import { z } from 'zod'
import { endpoint } from '../endpoint.js'

export const AppInfo = z
  .object({
    production: z.boolean(),
    version: z.string(),
    demoStatus: z.boolean(),
    allowSignup: z.boolean(),
    allowPasswordLogin: z.boolean(),
    defaultGroupSlug: z.string().nullable(),
    defaultHouseholdSlug: z.string().nullable(),
    enableOidc: z.boolean(),
    oidcRedirect: z.boolean(),
    oidcProviderName: z.string(),
    enableOpenai: z.boolean(),
    enableOpenaiImageServices: z.boolean(),
    /** Larder's: mail can be sent (SMTP set up), so the web client offers to mail invitations only then. */
    enableEmail: z.boolean(),
  })
  .meta({ id: 'AppInfo' })
export type AppInfo = z.infer<typeof AppInfo>

export const AppStartupInfo = z
  .object({ isFirstLogin: z.boolean(), isDemo: z.boolean() })
  .meta({ id: 'AppStartupInfo' })
export type AppStartupInfo = z.infer<typeof AppStartupInfo>

export const themeColorNames = ['Primary', 'Accent', 'Secondary', 'Success', 'Info', 'Warning', 'Error'] as const
export type ThemeColorName = (typeof themeColorNames)[number]

/** Default colours of docs/web.md "Theme", used by the server and by the client when the theme call fails. */
export const defaultThemeColors: Readonly<Record<ThemeColorName, string>> = {
  Primary: '#E58325',
  Accent: '#007A99',
  Secondary: '#973542',
  Success: '#43A047',
  Info: '#1976d2',
  Warning: '#FF6D00',
  Error: '#EF5350',
}

const hexColor = z.string()
export const AppTheme = z
  .object({
    lightPrimary: hexColor.optional(),
    lightAccent: hexColor.optional(),
    lightSecondary: hexColor.optional(),
    lightSuccess: hexColor.optional(),
    lightInfo: hexColor.optional(),
    lightWarning: hexColor.optional(),
    lightError: hexColor.optional(),
    darkPrimary: hexColor.optional(),
    darkAccent: hexColor.optional(),
    darkSecondary: hexColor.optional(),
    darkSuccess: hexColor.optional(),
    darkInfo: hexColor.optional(),
    darkWarning: hexColor.optional(),
    darkError: hexColor.optional(),
  })
  .meta({ id: 'AppTheme' })
export type AppTheme = z.infer<typeof AppTheme>

export const getAppInfo = endpoint({
  method: 'GET',
  path: '/api/app/about',
  summary: 'Read public facts about this server',
  tags: ['App: About'],
  auth: 'public',
  responses: { 200: AppInfo },
})

export const getStartupInfo = endpoint({
  method: 'GET',
  path: '/api/app/about/startup-info',
  summary: 'Tell the client whether the default admin still has to be replaced',
  tags: ['App: About'],
  auth: 'public',
  responses: { 200: AppStartupInfo },
})

export const getAppTheme = endpoint({
  method: 'GET',
  path: '/api/app/about/theme',
  summary: 'Read the theme colours',
  tags: ['App: About'],
  auth: 'public',
  responses: { 200: AppTheme },
})
