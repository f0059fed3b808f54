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
 * Mantine wants 10 shades, lightest first, and uses shade 6 as "filled" (our primaryShade), 7 for hover, 0–1 for
 * light backgrounds. The 7 steps map onto them as:
 *
 *   index  0   1   2   3   4   5   6     7   8   9
 *   step   L3  L3  L2  L2  L1  L1  base  D1  D2  D3
 *
 * so the configured colour is exactly what filled buttons show, hover darkens by one step and tints come from the
 * lightest step.
 */
export function colorTuple(base: string): MantineColorsTuple {
  const { lighten: light, darken: dark } = colorSteps(base)
  return [light[2], light[2], light[1], light[1], light[0], light[0], base, dark[0], dark[1], dark[2]]
}
