import { darken, lighten, type MantineColorsTuple } from '@mantine/core'

/** One lighten/darken step mixes 18 % white or black into the colour; the spec asks for 3 steps each way. */
const stepAmount = 0.18

export interface ColorSteps {
  lighten: [string, string, string]
  base: string
  darken: [string, string, string]
}

/** The base colour with 3 lighter and 3 darker steps (Vuetify's lighten-1..3 / darken-1..3, as Mealie has them). */
export function colorSteps(base: string): ColorSteps {
  return {
    lighten: [lighten(base, stepAmount), lighten(base, stepAmount * 2), lighten(base, stepAmount * 3)],
    base,
    darken: [darken(base, stepAmount), darken(base, stepAmount * 2), darken(base, stepAmount * 3)],
  }
}

/**
 * Mantine wants 10 shades, lightest first, and uses shade 6 as "filled" (our primaryShade), 7 for hover, 1 for the
 * light variant's background, 2 for its hover, 9 for its text (4 for text and 2 for outlines in dark mode). The
 * 7 steps take shades 3–9, and shades 0–2 are pale tints of the colour, so light backgrounds stay light:
 *
 *   index  0         1         2          3   4   5   6     7   8   9
 *   step   tint 90%  tint 80%  tint 68%   L3  L2  L1  base  D1  D2  D3
 *
 * so the configured colour is exactly what filled buttons show and hover darkens by one step.
 */
export function colorTuple(base: string): MantineColorsTuple {
  const { lighten: light, darken: dark } = colorSteps(base)
  const tint = (white: number) => lighten(base, white)
  return [tint(0.9), tint(0.8), tint(0.68), light[2], light[1], light[0], base, dark[0], dark[1], dark[2]]
}
