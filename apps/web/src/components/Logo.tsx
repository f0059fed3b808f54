import { Group, Text } from '@mantine/core'

/** The mark of public/icons/icon.svg next to the product name. */
export function Logo({ size = 32, withName = true }: { size?: number; withName?: boolean }) {
  return (
    <Group gap={10} wrap="nowrap">
      <svg width={size} height={size} viewBox="0 0 100 100" aria-hidden="true">
        <rect width="100" height="100" rx="22" fill="var(--mantine-color-primary-6)" />
        <rect x="32" y="24" width="14" height="52" rx="2" fill="#fff" />
        <rect x="32" y="62" width="38" height="14" rx="2" fill="#fff" />
        <circle cx="64" cy="34" r="7" fill="#fff" />
      </svg>
      {withName && (
        <Text component="span" fw={750} fz={size * 0.62} lh={1} style={{ letterSpacing: '-0.02em' }}>
          Larder
        </Text>
      )}
    </Group>
  )
}
