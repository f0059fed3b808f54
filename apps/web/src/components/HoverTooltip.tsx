import { Tooltip, type TooltipProps } from '@mantine/core'
import { useTimeout } from '@mantine/hooks'
import { cloneElement, useState, type PointerEvent, type ReactElement } from 'react'

const defaultOpenDelay = 400

/**
 * Mantine's Tooltip (hover only, as its default), built the first time the pointer rests on its target. A Tooltip
 * costs a floating-element setup and a portal whose mount renders again synchronously; on a list of cards that is
 * one of a page's longest tasks (Lighthouse's total blocking time, docs/budgets.md "Web budgets"), for tooltips almost nobody opens.
 * The target carries its own accessible name: the tooltip only shows it to the pointer.
 */
export function HoverTooltip({
  children,
  openDelay = defaultOpenDelay,
  ...props
}: Omit<TooltipProps, 'children' | 'defaultOpened' | 'opened' | 'events'> & {
  children: ReactElement<{ onPointerEnter?: (event: PointerEvent) => void; onPointerLeave?: () => void }>
}) {
  const [armed, setArmed] = useState(false)
  const rest = useTimeout(() => setArmed(true), openDelay)
  if (armed) {
    // Opened already: the pointer has rested for the delay; from here on the Tooltip follows the pointer itself.
    return (
      <Tooltip {...props} openDelay={openDelay} defaultOpened>
        {children}
      </Tooltip>
    )
  }
  return cloneElement(children, {
    onPointerEnter: (event: PointerEvent) => {
      children.props.onPointerEnter?.(event)
      if (event.pointerType !== 'mouse') return
      rest.clear()
      rest.start()
    },
    onPointerLeave: () => {
      children.props.onPointerLeave?.()
      rest.clear()
    },
  })
}
