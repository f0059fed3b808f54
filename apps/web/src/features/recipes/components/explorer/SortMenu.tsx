import { ActionIcon, Button, Group, Menu } from '@mantine/core'
import { MenuOnFirstOpen } from '@/components/MenuOnFirstOpen'
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react'
import { HoverTooltip } from '@/components/HoverTooltip'
import { useStrings } from '@/i18n/use-strings'
import { sortFields, type SortDirection, type SortField } from '@/features/recipes/explorer-state'

/** The sort field (a menu) and direction (a toggle; random has none). Picking "random" again reshuffles. */
export function SortMenu(props: {
  orderBy: SortField
  orderDirection: SortDirection
  onSort: (orderBy: SortField) => void
  onDirection: (direction: SortDirection) => void
}) {
  const { t } = useStrings('recipes')
  const ascending = props.orderDirection === 'asc'
  const directionLabel = ascending ? t('sort.ascending') : t('sort.descending')
  return (
    <Group gap={4} wrap="nowrap">
      {/* Without the focus placeholder (a focusable presentational div is not allowed inside role=menu); the focus
          trap starts on the first item instead. */}
      <MenuOnFirstOpen
        position="bottom-end"
        withinPortal
        shadow="md"
        withInitialFocusPlaceholder={false}
        menuItemTabIndex={0}
        target={
          <Button
            variant="default"
            leftSection={<IconArrowsSort size={16} aria-hidden="true" />}
            aria-label={t('sort.label', { field: t(`sort.fields.${props.orderBy}`) })}
          >
            <span>{t(`sort.fields.${props.orderBy}`)}</span>
          </Button>
        }
      >
        <Menu.Label>{t('sort.title')}</Menu.Label>
        <Menu.RadioGroup value={props.orderBy} onChange={(value) => props.onSort(value as SortField)}>
          {sortFields.map((field) => (
            <Menu.RadioItem key={field} value={field} closeMenuOnClick>
              {t(`sort.fields.${field}`)}
            </Menu.RadioItem>
          ))}
        </Menu.RadioGroup>
      </MenuOnFirstOpen>
      {props.orderBy !== 'random' && (
        <HoverTooltip label={directionLabel}>
          <ActionIcon
            variant="default"
            size={36}
            aria-label={directionLabel}
            onClick={() => props.onDirection(ascending ? 'desc' : 'asc')}
            data-testid="sort-direction"
          >
            {ascending ? <IconSortAscending size={18} /> : <IconSortDescending size={18} />}
          </ActionIcon>
        </HoverTooltip>
      )}
    </Group>
  )
}
