import type { Icon } from '@tabler/icons-react'

export interface NavigationLink {
  label: string
  to: string
  icon: Icon
  /** Active only on this exact path (a section's home), not on the paths below it. */
  exact?: boolean
}

export interface NavigationSection {
  title?: string
  links: NavigationLink[]
}

export function isLinkActive(link: NavigationLink, pathname: string): boolean {
  if (link.exact) return pathname === link.to
  return pathname === link.to || pathname.startsWith(`${link.to}/`)
}
