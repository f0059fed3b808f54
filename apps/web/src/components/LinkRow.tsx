import { Table, type TableTrProps } from '@mantine/core'
import { useNavigate } from 'react-router'
import { useRouteIntent } from '@/routes/route-intent'

/**
 * A table row that opens `to`: click or Enter, reachable by Tab; pointing at it or focusing it starts loading the
 * page (routes/route-intent.ts). Shared by the administration tables.
 */
export function LinkRow({ to, children, ...props }: TableTrProps & { to: string }) {
  const navigate = useNavigate()
  const intent = useRouteIntent(to)
  const open = () => void navigate(to)
  return (
    <Table.Tr
      {...props}
      {...intent}
      tabIndex={0}
      style={{ cursor: 'pointer' }}
      onClick={open}
      onKeyDown={(event) => {
        if (event.key === 'Enter') open()
      }}
    >
      {children}
    </Table.Tr>
  )
}
