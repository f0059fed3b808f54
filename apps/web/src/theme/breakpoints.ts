/** docs/web.md "Breakpoints" in px; Mantine takes em (16 px each). Mobile is everything below `lg`. */
export const breakpointPixels = { xs: 400, sm: 600, md: 960, lg: 1280, xl: 1920, xxl: 2560 } as const

export const breakpoints = Object.fromEntries(
  Object.entries(breakpointPixels).map(([name, pixels]) => [name, `${pixels / 16}em`]),
) as Record<keyof typeof breakpointPixels, string>

/** The media query for "mobile" (below lg). */
export const mobileQuery = `(max-width: ${breakpointPixels.lg / 16 - 0.0625}em)`
