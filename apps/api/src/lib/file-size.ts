/** A byte count as Mealie shows file sizes: "812 bytes", "3.4 KB", "12.05 MB" (base 1024, at most two decimals). */
export function prettySize(bytes: number): string {
  const units = ['KB', 'MB', 'GB', 'TB']
  if (bytes < 1024) return `${bytes} bytes`
  let value = bytes / 1024
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit += 1
  }
  return `${Number(value.toFixed(2))} ${units[unit]}`
}
