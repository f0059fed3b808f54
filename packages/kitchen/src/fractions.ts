/** Denominators a cook reads at a glance; anything finer is shown as a decimal. */
const kitchenDenominators = [2, 3, 4, 8] as const

const vulgarFractions: Readonly<Record<string, string>> = {
  '1/2': '½',
  '1/3': '⅓',
  '2/3': '⅔',
  '1/4': '¼',
  '3/4': '¾',
  '1/8': '⅛',
  '3/8': '⅜',
  '5/8': '⅝',
  '7/8': '⅞',
}

export interface MixedFraction {
  whole: number
  numerator: number
  denominator: number
}

/**
 * The nearest mixed fraction with a kitchen denominator, or null when none is within 1% of the value
 * (0.3333 → 0 1/3; 1.5 → 1 1/2; 0.2 → null).
 */
export function toMixedFraction(value: number): MixedFraction | null {
  if (!Number.isFinite(value) || value < 0) return null
  const whole = Math.floor(value)
  const remainder = value - whole
  if (remainder < 1e-9) return { whole, numerator: 0, denominator: 1 }
  for (const denominator of kitchenDenominators) {
    const numerator = Math.round(remainder * denominator)
    if (numerator === 0 || numerator === denominator) continue
    if (Math.abs(numerator / denominator - remainder) <= 0.01 * Math.max(value, 0.01)) {
      return { whole, numerator, denominator }
    }
  }
  if (remainder > 0.99) return { whole: whole + 1, numerator: 0, denominator: 1 }
  return null
}

/**
 * A quantity as a cook reads it: "1½", "⅓", "2", or a decimal with at most three places when no kitchen fraction
 * fits ("0.2"). With `unicode: false`, fractions are written "1 1/2".
 */
export function formatQuantity(value: number, options: { unicode?: boolean } = {}): string {
  const unicode = options.unicode ?? true
  const fraction = toMixedFraction(value)
  if (!fraction) return String(Math.round(value * 1000) / 1000)
  if (fraction.numerator === 0) return String(fraction.whole)
  const plain = `${fraction.numerator}/${fraction.denominator}`
  const part = unicode ? (vulgarFractions[plain] ?? plain) : plain
  if (fraction.whole === 0) return part
  return unicode ? `${fraction.whole}${part}` : `${fraction.whole} ${part}`
}
