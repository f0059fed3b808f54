import type { MeasurementSystem } from './unit-names.js'

/** Exact conversions. */
export const fahrenheitToCelsius = (fahrenheit: number): number => ((fahrenheit - 32) * 5) / 9
export const celsiusToFahrenheit = (celsius: number): number => (celsius * 9) / 5 + 32

/**
 * °F as a cook sets it in °C: to the nearest 5 from 100 °C (oven and sugar temperatures: 350 °F → 175 °C), to
 * the nearest degree below (meat and sous-vide: 145 °F → 63 °C).
 */
export function roundCelsius(celsius: number): number {
  return Math.abs(celsius) >= 100 ? Math.round(celsius / 5) * 5 : Math.round(celsius)
}

/**
 * °C as a cook sets it in °F: oven temperatures (300 °F and up) to the usual 25° dial step when that is within
 * 10 °F (180 °C → 350 °F, 220 °C → 425 °F), otherwise to the nearest 5 (170 °C → 340 °F); from 212 °F to the
 * nearest 5; below, to the nearest degree (63 °C → 145 °F).
 */
export function roundFahrenheit(fahrenheit: number): number {
  if (fahrenheit >= 300) {
    const dial = Math.round(fahrenheit / 25) * 25
    return Math.abs(dial - fahrenheit) <= 10 ? dial : Math.round(fahrenheit / 5) * 5
  }
  if (fahrenheit >= 212) return Math.round(fahrenheit / 5) * 5
  return Math.round(fahrenheit)
}

const degreeNumber = '[-−]?\\d+(?:[.,]\\d+)?'
const degreeWords = '[Dd]egrees?|[Dd]eg\\.?|[Gg]rad|[Dd]egrés?|[Gg]raden|[Gg]radi|[Gg]rados'
const temperature = new RegExp(
  `(?<low>${degreeNumber})(?:(?<separator>\\s*[-–—]\\s*|\\s+(?:to|bis|à|tot|a)\\s+)(?<high>${degreeNumber}))?` +
    `(?:\\s*[°º˚]\\s*(?<marked>[FfCc])(?:ahrenheit|elsius)?|\\s*(?:${degreeWords})\\s*(?<worded>[FC]|[Ff]ahrenheit|[Cc]elsius)` +
    `|\\s+(?<named>[Ff]ahrenheit|[Cc]elsius)|(?<attached>[FC]))(?![\\p{L}\\p{N}])`,
  'gu',
)

const alongsideAfter = {
  C: /^\s*(?:\/|\(|,|or|oder|ou)\s*[-−]?\d+(?:[.,]\d+)?\s*°?\s*C/,
  F: /^\s*(?:\/|\(|,|or|oder|ou)\s*[-−]?\d+(?:[.,]\d+)?\s*°?\s*F/,
}
const alongsideBefore = { C: /°?\s*C\)?\s*(?:\/|\(|,|or|oder|ou)\s*$/, F: /°?\s*F\)?\s*(?:\/|\(|,|or|oder|ou)\s*$/ }

/** Whether the text already gives this temperature in the target scale right next to it ("350°F (175°C)"). */
function statedAlongside(text: string, start: number, end: number, scale: 'C' | 'F'): boolean {
  return (
    alongsideAfter[scale].test(text.slice(end, end + 24)) ||
    alongsideBefore[scale].test(text.slice(Math.max(0, start - 24), start))
  )
}

/**
 * A step's text with temperatures rewritten in the system's scale: "Bake at 350°F" → "Bake at 175 °C" for
 * metric, "180 °C" → "350 °F" for US. Reads "350°F", "350 °F", "350 degrees F", "350 degrees Fahrenheit",
 * "350F", "180C" (a bare C only from 100 up, since "2C" is more often two cups) and ranges ("350-375°F" →
 * "175-190 °C"). Temperatures already in the target scale, temperatures given in both scales ("350°F (175°C)",
 * "180°C/350°F") and everything else are left as written.
 */
export function convertTemperaturesInText(text: string, system: MeasurementSystem): string {
  return text.replace(temperature, (match, ...rest: unknown[]) => {
    const groups = rest[rest.length - 1] as Record<string, string | undefined>
    const start = rest[rest.length - 3] as number
    if (start > 0 && /[\p{L}\p{N}.,]/u.test(text[start - 1] ?? '')) return match
    const scaleLetter = (groups.marked ?? groups.worded ?? groups.named ?? groups.attached ?? '')[0]?.toUpperCase()
    const low = Number((groups.low ?? '').replace('−', '-').replace(',', '.'))
    const high = groups.high === undefined ? null : Number(groups.high.replace('−', '-').replace(',', '.'))
    if (groups.attached === 'C' && low < 100) return match
    const from = scaleLetter === 'F' ? 'F' : 'C'
    const to = system === 'metric' ? 'C' : 'F'
    if (from === to || statedAlongside(text, start, start + match.length, to)) return match
    const convert =
      to === 'C'
        ? (value: number) => roundCelsius(fahrenheitToCelsius(value))
        : (value: number) => roundFahrenheit(celsiusToFahrenheit(value))
    const range = high === null ? `${convert(low)}` : `${convert(low)}${groups.separator ?? '-'}${convert(high)}`
    return `${range} °${to}`
  })
}
