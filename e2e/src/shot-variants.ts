/** The four ways the screenshot scripts look at a screen: a 375 px phone and a 1280 px desktop, light and dark. */
export const shotVariants = [
  { name: 'phone-light', viewport: { width: 375, height: 800 }, scheme: 'light' },
  { name: 'phone-dark', viewport: { width: 375, height: 800 }, scheme: 'dark' },
  { name: 'desktop-light', viewport: { width: 1280, height: 900 }, scheme: 'light' },
  { name: 'desktop-dark', viewport: { width: 1280, height: 900 }, scheme: 'dark' },
] as const

/** A screen size and colour scheme a screenshot is taken at. */
export interface ShotVariant {
  name: string
  viewport: { width: number; height: number }
  scheme: 'light' | 'dark'
}
