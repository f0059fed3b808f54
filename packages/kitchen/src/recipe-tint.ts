/**
 * The tint of a recipe without a picture: a hue from its name, so such recipes still look apart from each other.
 * The web client's picture placeholder and the server's first paint colour it alike, so the swap shows no change.
 */
export function recipeTint(name: string): { background: string; color: string } {
  let hash = 0
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) | 0
  const hue = Math.abs(hash) % 360
  return {
    background: `linear-gradient(135deg, hsl(${hue} 45% 88%), hsl(${(hue + 40) % 360} 50% 78%))`,
    color: `hsl(${hue} 35% 30%)`,
  }
}
