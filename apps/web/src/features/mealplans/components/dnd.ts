import type { KeyboardCoordinateGetter } from '@dnd-kit/core'

const directions: Record<string, [number, number]> = {
  ArrowRight: [1, 0],
  ArrowLeft: [-1, 0],
  ArrowDown: [0, 1],
  ArrowUp: [0, -1],
}

/**
 * The keyboard's drag: each arrow press jumps to the nearest slot (day × meal type) that way, rather than dnd-kit's
 * default 25 px, so that a keyboard user moves a meal slot by slot.
 */
export const slotKeyboardCoordinates: KeyboardCoordinateGetter = (event, { context, currentCoordinates }) => {
  const direction = directions[event.code]
  if (!direction) return undefined
  event.preventDefault()
  const { collisionRect, droppableRects, droppableContainers } = context
  if (!collisionRect) return undefined
  const fromX = collisionRect.left + collisionRect.width / 2
  const fromY = collisionRect.top + collisionRect.height / 2
  let best: { x: number; y: number; score: number } | null = null
  for (const container of droppableContainers.getEnabled()) {
    const rect = droppableRects.get(container.id)
    if (!rect) continue
    const x = rect.left + rect.width / 2
    const y = rect.top + rect.height / 2
    const along = (x - fromX) * direction[0] + (y - fromY) * direction[1]
    if (along < 1) continue
    const across = Math.abs(direction[0] === 0 ? x - fromX : y - fromY)
    const score = along + across * 4
    if (!best || score < best.score) best = { x, y, score }
  }
  if (!best) return currentCoordinates
  return { x: currentCoordinates.x + best.x - fromX, y: currentCoordinates.y + best.y - fromY }
}

/** A slot's droppable id, and back. */
export const slotId = (date: string, entryType: string) => `slot|${date}|${entryType}`

export function slotOf(id: string | number): { date: string; entryType: string } | null {
  const [kind, date, entryType] = String(id).split('|')
  return kind === 'slot' && date && entryType ? { date, entryType } : null
}
