import { luminance, type MantineColorsTuple } from '@mantine/core'

/** WCAG 2.2 AA (1.4.3): body text needs 4.5:1 against what is behind it. */
export const minimumTextContrast = 4.5

/**
 * The luminance at which black and white text contrast equally (√(1.05 × 0.05) − 0.05 ≈ 0.179): above it black
 * wins, below it white does, and the winner always reaches at least 4.58:1. Mantine's autoContrast uses this to
 * pick the text on filled surfaces, whatever colours an administrator configures.
 */
export const blackOrWhiteThreshold = 0.179

/** WCAG contrast ratio of two colours (1 to 21). */
export function contrastRatio(first: string, second: string): number {
  const [lighter, darker] = [luminance(first), luminance(second)].sort((a, b) => b - a)
  return (lighter! + 0.05) / (darker! + 0.05)
}

/**
 * The index of the first shade, walking `order`, that reads at 4.5:1 on every one of `backgrounds`; the last shade
 * of the walk when none does (the darkest or lightest there is).
 */
export function readableShade(tuple: MantineColorsTuple, backgrounds: string[], order: number[]): number {
  const found = order.find((index) =>
    backgrounds.every((background) => contrastRatio(tuple[index]!, background) >= minimumTextContrast),
  )
  return found ?? order[order.length - 1]!
}
