/**
 * JSON as recipe sites write it into `<script type="application/ld+json">`, which is often not quite JSON: raw line
 * breaks and tabs inside strings, several values one after another, CDATA or comment wrappers, trailing commas,
 * escapes JSON does not have (`\'`, `\/` is fine, `\x` is not). Browsers never parse these blocks, so nothing made
 * the sites fix them; a reader that gives up on them loses the recipe.
 */

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue }

export interface JsonParseResult {
  values: JsonValue[]
  /** How the text had to be read: as JSON, leniently (control characters, several values), or repaired. */
  mode: 'strict' | 'lenient' | 'repaired'
}

class JsonSyntax extends Error {
  /** What was read of the value being built when the text broke off, handed outwards to its parent. */
  partial: JsonValue | undefined
}

/** Wrappers some CMSs put around the block's content. */
function unwrap(text: string): string {
  return text
    .trim()
    .replace(/^(?:\/\/\s*)?<!\[CDATA\[/, '')
    .replace(/(?:\/\/\s*)?\]\]>$/, '')
    .replace(/^<!--/, '')
    .replace(/-->$/, '')
    .trim()
}

const escapes: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' }

/** A small recursive-descent reader that accepts what `JsonParseResult.mode` names and records what it needed. */
class LenientReader {
  position = 0
  repaired = false
  lenient = false

  constructor(private readonly text: string) {}

  private skipSpace() {
    const text = this.text
    while (this.position < text.length) {
      const char = text[this.position]!
      if (char === ' ' || char === '\n' || char === '\r' || char === '\t' || char === '\ufeff' || char === '\u00a0') {
        this.position++
      } else if (char === '/' && text[this.position + 1] === '/') {
        this.repaired = true
        const end = text.indexOf('\n', this.position)
        this.position = end === -1 ? text.length : end + 1
      } else if (char === '/' && text[this.position + 1] === '*') {
        this.repaired = true
        const end = text.indexOf('*/', this.position + 2)
        this.position = end === -1 ? text.length : end + 2
      } else break
    }
  }

  atEnd(): boolean {
    this.skipSpace()
    // Separators some pages put between values.
    while (this.text[this.position] === ',' || this.text[this.position] === ';') {
      this.position++
      this.skipSpace()
    }
    return this.position >= this.text.length
  }

  value(depth = 0): JsonValue {
    if (depth > 200) throw new JsonSyntax('too deep')
    this.skipSpace()
    const char = this.text[this.position]
    if (char === '{') return this.object(depth)
    if (char === '[') return this.array(depth)
    if (char === '"') return this.string('"')
    if (char === "'") {
      this.repaired = true
      return this.string("'")
    }
    return this.literal()
  }

  private object(depth: number): JsonValue {
    this.position++
    const result: Record<string, JsonValue> = {}
    try {
      this.members(result, depth)
    } catch (error) {
      if (error instanceof JsonSyntax && error.partial === undefined) error.partial = result
      throw error
    }
    return result
  }

  private members(result: Record<string, JsonValue>, depth: number): void {
    for (;;) {
      this.skipSpace()
      const char = this.text[this.position]
      if (char === '}') {
        this.position++
        return
      }
      if (char === undefined) throw new JsonSyntax('unterminated object')
      const key = char === '"' || char === "'" ? this.string(char) : this.bareKey()
      this.skipSpace()
      if (this.text[this.position] !== ':') throw new JsonSyntax(`expected ":" at ${this.position}`)
      this.position++
      try {
        result[key] = this.value(depth + 1)
      } catch (error) {
        if (error instanceof JsonSyntax) {
          if (error.partial !== undefined) result[key] = error.partial
          error.partial = result
        }
        throw error
      }
      this.skipSpace()
      if (this.text[this.position] === ',') {
        this.position++
        this.skipSpace()
        if (this.text[this.position] === '}') this.repaired = true
      } else if (this.text[this.position] !== '}') {
        // A missing comma between members: read on as if it were there.
        if (this.text[this.position] === '"') this.repaired = true
        else throw new JsonSyntax(`expected "," or "}" at ${this.position}`)
      }
    }
  }

  private array(depth: number): JsonValue {
    this.position++
    const result: JsonValue[] = []
    try {
      this.items(result, depth)
    } catch (error) {
      if (error instanceof JsonSyntax && error.partial === undefined) error.partial = result
      throw error
    }
    return result
  }

  private items(result: JsonValue[], depth: number): void {
    for (;;) {
      this.skipSpace()
      const char = this.text[this.position]
      if (char === ']') {
        this.position++
        return
      }
      if (char === undefined) throw new JsonSyntax('unterminated array')
      if (char === ',') {
        // An empty slot ("[a,,b]"): skipped.
        this.repaired = true
        this.position++
        continue
      }
      try {
        result.push(this.value(depth + 1))
      } catch (error) {
        if (error instanceof JsonSyntax) {
          if (error.partial !== undefined) result.push(error.partial)
          error.partial = result
        }
        throw error
      }
      this.skipSpace()
      if (this.text[this.position] === ',') {
        this.position++
        this.skipSpace()
        if (this.text[this.position] === ']') this.repaired = true
      } else if (this.text[this.position] !== ']') {
        throw new JsonSyntax(`expected "," or "]" at ${this.position}`)
      }
    }
  }

  private bareKey(): string {
    const match = /^[A-Za-z_$@][\w$@:-]*/.exec(this.text.slice(this.position, this.position + 200))
    if (!match) throw new JsonSyntax(`expected a key at ${this.position}`)
    this.repaired = true
    this.position += match[0].length
    return match[0]
  }

  private string(quote: string): string {
    const text = this.text
    let position = this.position + 1
    let result = ''
    let runStart = position
    for (;;) {
      const char = text[position]
      if (char === undefined) throw new JsonSyntax('unterminated string')
      if (char === quote) {
        result += text.slice(runStart, position)
        this.position = position + 1
        return result
      }
      if (char === '\\') {
        result += text.slice(runStart, position)
        const next = text[position + 1]
        if (next === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(position + 2, position + 6))) {
          result += String.fromCharCode(parseInt(text.slice(position + 2, position + 6), 16))
          position += 6
        } else if (next !== undefined && escapes[next] !== undefined) {
          result += escapes[next]
          position += 2
        } else {
          // `\'`, `\x`, a backslash before a line break: the character itself.
          this.repaired = true
          result += next ?? ''
          position += 2
        }
        runStart = position
        continue
      }
      if (char < ' ') this.lenient = true
      position++
    }
  }

  private literal(): JsonValue {
    const rest = this.text.slice(this.position, this.position + 40)
    const number = /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/.exec(rest)
    if (number) {
      this.position += number[0].length
      return Number(number[0])
    }
    for (const [word, value] of [
      ['true', true],
      ['false', false],
      ['null', null],
      ['undefined', null],
      ['NaN', null],
    ] as const) {
      if (rest.startsWith(word)) {
        if (word === 'undefined' || word === 'NaN') this.repaired = true
        this.position += word.length
        return value
      }
    }
    throw new JsonSyntax(`unexpected ${JSON.stringify(rest.slice(0, 10))} at ${this.position}`)
  }
}

/**
 * Every JSON value in a script block, or none when it cannot be read at all. A value that breaks off half way keeps
 * the values read before it.
 */
export function parseLenientJson(block: string): JsonParseResult {
  const text = unwrap(block)
  if (text === '') return { values: [], mode: 'strict' }
  try {
    return { values: [JSON.parse(text) as JsonValue], mode: 'strict' }
  } catch {
    // Read below.
  }
  const reader = new LenientReader(text)
  const values: JsonValue[] = []
  try {
    while (!reader.atEnd()) {
      const start = reader.position
      values.push(reader.value())
      if (reader.position === start) break
    }
  } catch (error) {
    if (!(error instanceof JsonSyntax)) throw error
    if (error.partial !== undefined) values.push(error.partial)
    reader.repaired = true
  }
  return { values, mode: reader.repaired ? 'repaired' : 'lenient' }
}
