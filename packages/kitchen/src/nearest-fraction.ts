/**
 * The fraction closest to a value among those with a denominator up to a limit — what Python's
 * `Fraction(value).limit_denominator(limit)` returns, which is how Mealie chooses the fraction it shows.
 */
export interface FractionValue {
  numerator: number
  denominator: number
}

/**
 * Nearest fraction with `denominator <= maxDenominator` to a non-negative finite value, in lowest terms
 * (0.5 → 1/2, 0.333 → 1/3, 2.75 → 11/4, 0.0001 → 0/1).
 *
 * The search over denominators runs in plain numbers; only when two different fractions are (almost) equally
 * close does it fall back to Python's exact continued-fraction algorithm, so ties break exactly as Mealie's do.
 */
export function nearestFraction(value: number, maxDenominator: number): FractionValue {
  let bestNumerator = Math.round(value)
  let bestDenominator = 1
  let bestError = Math.abs(value - bestNumerator)
  let ambiguous = Math.abs(value - Math.floor(value) - 0.5) < 1e-12
  for (let denominator = 2; denominator <= maxDenominator; denominator++) {
    const scaled = value * denominator
    const numerator = Math.round(scaled)
    if (Math.abs(scaled - Math.floor(scaled) - 0.5) < 1e-9) ambiguous = true
    const error = Math.abs(value - numerator / denominator)
    if (error < bestError - 1e-15) {
      bestNumerator = numerator
      bestDenominator = denominator
      bestError = error
    } else if (Math.abs(error - bestError) <= 1e-15 && numerator * bestDenominator !== bestNumerator * denominator) {
      ambiguous = true
    }
  }
  if (ambiguous) return limitDenominatorExactly(value, maxDenominator)
  return { numerator: bestNumerator, denominator: bestDenominator }
}

/** CPython's `Fraction.limit_denominator` on the exact binary value of a double. */
function limitDenominatorExactly(value: number, maxDenominator: number): FractionValue {
  let scaled = value
  let exactDenominator = 1n
  while (!Number.isInteger(scaled)) {
    scaled *= 2
    exactDenominator *= 2n
  }
  const exactNumerator = BigInt(scaled)
  const max = BigInt(maxDenominator)
  if (exactDenominator <= max) return reduce(exactNumerator, exactDenominator)
  let [p0, q0, p1, q1] = [0n, 1n, 1n, 0n]
  let [n, d] = [exactNumerator, exactDenominator]
  for (;;) {
    const a = n / d
    const q2 = q0 + a * q1
    if (q2 > max) break
    ;[p0, q0, p1, q1] = [p1, q1, p0 + a * p1, q2]
    ;[n, d] = [d, n - a * d]
  }
  const k = (max - q0) / q1
  if (2n * d * (q0 + k * q1) <= exactDenominator) return reduce(p1, q1)
  return reduce(p0 + k * p1, q0 + k * q1)
}

function reduce(numerator: bigint, denominator: bigint): FractionValue {
  let [a, b] = [numerator, denominator]
  while (b !== 0n) [a, b] = [b, a % b]
  return { numerator: Number(numerator / a), denominator: Number(denominator / a) }
}
