import { numberPattern, parseKitchenNumber } from './kitchen-numbers.js'

/**
 * Spans of text that state a length of time — "25 minutes", "1 to 2 hours", "10-15 min", "1 h 30", "an hour
 * and a half", "45 Minuten", "1 heure" — read into seconds. The one grammar behind durations and step timers.
 */
export interface TimePhrase {
  start: number
  end: number
  /** The lower bound of a range ("10-15 min" → 600); equal to `maxSeconds` when there is no range. */
  minSeconds: number
  maxSeconds: number
}

const unitSeconds = { day: 86_400, hour: 3_600, minute: 60, second: 1 } as const
type TimeUnit = keyof typeof unitSeconds

/** Unit words in English, German, French, Dutch, Spanish and Italian; longest spellings first. */
const unitWords: Record<TimeUnit, string> = {
  day: 'days?|tagen|tage|tag|jours?|dagen|dag|d[ií]as?|giorni|giorno|d',
  hour: 'hours?|hrs?|stunden?|std|heures?|uren|uur|horas?|ore|ora|h',
  minute: 'minutes?|minuten?|minutos?|minuti|minuto|mins?|mn',
  second: 'seconds?|sekunden?|sek|secondes?|seconden|segundos?|secondi|secondo|secs?',
}
/** Single letters read as units only when written against the number ("30m", "2d"), never after a space. */
const attachedLetters = 'd|h|m|s'

const numberWords: Readonly<Record<string, number>> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
  forty: 40,
  'forty-five': 45,
  fifty: 50,
  sixty: 60,
  ninety: 90,
  half: 0.5,
  'half a': 0.5,
  'half an': 0.5,
  ein: 1,
  eine: 1,
  einer: 1,
  une: 1,
  un: 1,
  una: 1,
  uno: 1,
  een: 1,
}
const wordPattern = Object.keys(numberWords)
  .sort((left, right) => right.length - left.length)
  .map((word) => word.replace(' ', '\\s+'))
  .join('|')

const amount = `(?:${numberPattern}(?:\\s+and\\s+a\\s+half)?|(?:${wordPattern})(?=\\s))`
const rangeSeparator = `(?:\\s*[-–—~]\\s*|\\s+(?:to|or|bis|à|a|tot|o|till?)\\s+)`
const unitGroups = `(?<day>${unitWords.day})|(?<hour>${unitWords.hour})|(?<minute>${unitWords.minute})|(?<second>${unitWords.second})`
const termSource =
  `(?<low>${amount})(?:${rangeSeparator}(?<high>${amount}))?` +
  `(?:\\s*(?:${unitGroups})|(?<attached>${attachedLetters}))(?!\\p{L})(?<half>\\s+and\\s+a\\s+half)?`

const termAnywhere = new RegExp(termSource, 'giu')
const termHere = new RegExp(termSource, 'iuy')
const joinerHere = /(?:\s*,\s*|\s+(?:and|und|et|en|y|e)\s+|\s*)/iuy
const rangeHere = new RegExp(rangeSeparator, 'iuy')
const bareMinutesHere = /\s?(\d{1,2})(?![\p{L}\p{N}]|\s*\d|[.,/⁄]\d)/uy

interface Term {
  end: number
  unit: TimeUnit
  low: number
  high: number
}

function readTerm(match: RegExpExecArray): Omit<Term, 'end'> | null {
  const groups = match.groups ?? {}
  const unit = termUnit(groups)
  const low = readAmount(groups.low ?? '')
  const high = groups.high === undefined ? low : readAmount(groups.high)
  if (unit === null || low === null || high === null) return null
  // "as", "am", "ad" are words, not "a second": single-letter units follow digits only
  if (groups.attached && !/[\d½⅓⅔¼¾⅕⅖⅗⅘⅙⅚⅛⅜⅝⅞]$/u.test(groups.high ?? groups.low ?? '')) return null
  const half = groups.half ? 0.5 : 0
  return { unit, low: Math.min(low, high) + half, high: Math.max(low, high) + half }
}

function termUnit(groups: Record<string, string | undefined>): TimeUnit | null {
  if (groups.day) return 'day'
  if (groups.hour) return 'hour'
  if (groups.minute) return 'minute'
  if (groups.second) return 'second'
  switch (groups.attached?.toLowerCase()) {
    case 'd':
      return 'day'
    case 'h':
      return 'hour'
    case 'm':
      return 'minute'
    case 's':
      return 'second'
    default:
      return null
  }
}

function readAmount(text: string): number | null {
  const lower = text.toLowerCase().replace(/\s+/g, ' ')
  const word = numberWords[lower]
  if (word !== undefined) return word
  const andAHalf = lower.endsWith(' and a half')
  const value = parseKitchenNumber(andAHalf ? lower.slice(0, -' and a half'.length) : lower)
  return value === null ? null : value + (andAHalf ? 0.5 : 0)
}

function termAt(text: string, position: number): Term | null {
  termHere.lastIndex = position
  const match = termHere.exec(text)
  if (!match) return null
  const term = readTerm(match)
  return term && { ...term, end: termHere.lastIndex }
}

const unitRank: Record<TimeUnit, number> = { day: 3, hour: 2, minute: 1, second: 0 }

/** A run of terms in falling units ("1 hour 15 minutes", "1h30m20s", "1 h 30"), from a first term. */
function extendCompound(text: string, first: Term): Term {
  let { end, unit, low, high } = first
  low *= unitSeconds[unit]
  high *= unitSeconds[unit]
  for (;;) {
    joinerHere.lastIndex = end
    joinerHere.exec(text)
    const next = termAt(text, joinerHere.lastIndex)
    if (next && unitRank[next.unit] < unitRank[unit]) {
      ;({ end, unit } = next)
      low += next.low * unitSeconds[next.unit]
      high += next.high * unitSeconds[next.unit]
      continue
    }
    if (unit === 'hour') {
      bareMinutesHere.lastIndex = end
      const bare = bareMinutesHere.exec(text)
      if (bare && Number(bare[1]) < 60) {
        const minutes = Number(bare[1]) * 60
        return { end: bareMinutesHere.lastIndex, unit: 'minute', low: low + minutes, high: high + minutes }
      }
    }
    return { end, unit, low, high }
  }
}

/** Every time phrase in a text, in order, without overlaps. */
export function findTimePhrases(text: string): TimePhrase[] {
  const phrases: TimePhrase[] = []
  termAnywhere.lastIndex = 0
  for (let match = termAnywhere.exec(text); match; match = termAnywhere.exec(text)) {
    const start = match.index
    const before = start > 0 ? text.charCodeAt(start - 1) : 32
    const term = isWordCharacter(before) ? null : readTerm(match)
    if (!term) {
      termAnywhere.lastIndex = start + 1
      continue
    }
    let phrase = extendCompound(text, { ...term, end: termAnywhere.lastIndex })
    rangeHere.lastIndex = phrase.end
    if (rangeHere.exec(text)) {
      const upper = termAt(text, rangeHere.lastIndex)
      if (upper) {
        const upperPhrase = extendCompound(text, upper)
        if (upperPhrase.high > phrase.high) phrase = { ...upperPhrase, low: phrase.low }
      }
    }
    phrases.push({ start, end: phrase.end, minSeconds: Math.round(phrase.low), maxSeconds: Math.round(phrase.high) })
    termAnywhere.lastIndex = phrase.end
  }
  return phrases
}

function isWordCharacter(code: number): boolean {
  if ((code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122)) return true
  return code > 127 && /[\p{L}\p{N}]/u.test(String.fromCharCode(code))
}
