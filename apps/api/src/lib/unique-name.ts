/**
 * The first free name among "name", "name (1)", "name (2)" … as Mealie numbers clashing groups and households.
 * Gives up after `attempts` so a crowded name becomes a clear conflict instead of a loop.
 */
export async function firstFreeName(
  name: string,
  isTaken: (candidate: string) => Promise<boolean>,
  attempts = 10,
): Promise<string | null> {
  for (let attempt = 0; attempt <= attempts; attempt += 1) {
    const candidate = attempt === 0 ? name : `${name} (${attempt})`
    if (!(await isTaken(candidate))) return candidate
  }
  return null
}
