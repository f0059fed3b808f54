import { Menu, type MenuProps } from '@mantine/core'
import { flushSync } from 'react-dom'
import { cloneElement, useLayoutEffect, useRef, useState, type ReactElement, type ReactNode, type Ref } from 'react'

type MenuTarget = ReactElement<{ onClick?: () => void; ref?: Ref<HTMLElement> }>

/**
 * Mantine's Menu, built the first time its target is pressed. A Menu sets up a floating element whose mount renders
 * the whole tree again synchronously: the recipe page's two menus (the user's and the recipe's actions) made the
 * longest task after the app drew it (the local build's time to interactive, docs/budgets.md "Web budgets"), for menus most visits never
 * open. Until then the target is the same button with the same name, announced as opening a menu. Once built, the
 * menu opens from the new target, which takes the focus so that closing the menu (Escape, an item) returns it there.
 */
export function MenuOnFirstOpen({
  target,
  children,
  ...props
}: Omit<MenuProps, 'children' | 'opened' | 'defaultOpened' | 'onChange'> & {
  target: MenuTarget
  children: ReactNode
}) {
  const [built, setBuilt] = useState(false)
  const [opened, setOpened] = useState(false)
  const targetRef = useRef<HTMLElement>(null)
  // The new target takes the focus as the menu is built, closed: the dropdown notes the focused element as it opens,
  // to give the focus back to.
  useLayoutEffect(() => {
    if (built) targetRef.current?.focus({ preventScroll: true })
  }, [built])
  const openFirstTime = () => {
    flushSync(() => setBuilt(true))
    setOpened(true)
  }
  if (!built)
    return cloneElement(target, {
      'aria-haspopup': 'menu',
      'aria-expanded': false,
      onClick: openFirstTime,
    } as MenuTarget['props'])
  return (
    <Menu {...props} opened={opened} onChange={setOpened}>
      <Menu.Target>{cloneElement(target, { ref: targetRef })}</Menu.Target>
      <Menu.Dropdown>{children}</Menu.Dropdown>
    </Menu>
  )
}
