import { ActionIcon, Button, Menu } from '@mantine/core'
import { IconDots, IconPlus } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { useStrings } from '@/i18n/use-strings'

export interface DataMenuItem {
  label: string
  icon: ReactNode
  onClick: () => void
}

/** A data table's actions: "Create" as a button, the rest (merge, seed) in a menu that fits a phone. */
export function DataActions(props: { createLabel: string; onCreate: () => void; more: DataMenuItem[] }) {
  const { t } = useStrings('organize')
  return (
    <>
      <Button leftSection={<IconPlus size={16} />} onClick={props.onCreate}>
        {props.createLabel}
      </Button>
      {props.more.length > 0 && (
        <Menu position="bottom-end">
          <Menu.Target>
            <ActionIcon variant="default" size="lg" aria-label={t('common.more')}>
              <IconDots size={18} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {props.more.map((item) => (
              <Menu.Item key={item.label} leftSection={item.icon} onClick={item.onClick}>
                {item.label}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
    </>
  )
}
