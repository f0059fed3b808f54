const formats = new Map<string, Intl.DateTimeFormat>()

/**
 * A date as "Nov 26, 2026" in `language`. The formatter is built on first use and kept: building one costs
 * milliseconds (the locale's data is loaded then), which a page should pay only when it shows a date, not on its
 * first render.
 */
export function formatMediumDate(language: string, date: Date): string {
  let format = formats.get(language)
  if (!format) {
    format = new Intl.DateTimeFormat(language, { dateStyle: 'medium' })
    formats.set(language, format)
  }
  return format.format(date)
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>()

/** A moment as "Nov 26, 2026, 4:54 PM" in `language`; its formatter is kept as `formatMediumDate`'s is. */
export function formatMediumDateTime(language: string, date: Date): string {
  let format = dateTimeFormats.get(language)
  if (!format) {
    format = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' })
    dateTimeFormats.set(language, format)
  }
  return format.format(date)
}
