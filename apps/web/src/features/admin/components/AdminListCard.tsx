import { Button, Card, Group, Table, Text } from '@mantine/core'
import { IconPlus } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { LinkRow } from '@/components/LinkRow'
import type { Paginated } from '@/components/paginated'
import { EmptyNote, QueryState, type QueryLike } from '@/components/QueryState'

/**
 * The groups and households lists of administration: an intro and a create button above a table whose rows open
 * each item (`LinkRow`). `dialog` is the create dialog the button opens.
 */
export function AdminListCard<Item extends { id: string }>(props: {
  intro: string
  createLabel: string
  onCreate: () => void
  empty: string
  query: QueryLike<Paginated<Item>>
  head: ReactNode
  linkTo: (item: Item) => string
  cells: (item: Item) => ReactNode
  dialog: ReactNode
}) {
  return (
    <Card withBorder radius="lg" padding={0}>
      <Group p="md" justify="space-between">
        <Text size="sm" c="dimmed">
          {props.intro}
        </Text>
        <Button leftSection={<IconPlus size={16} />} onClick={props.onCreate}>
          {props.createLabel}
        </Button>
      </Group>
      <QueryState query={props.query}>
        {(list) =>
          list.items.length === 0 ? (
            <EmptyNote>{props.empty}</EmptyNote>
          ) : (
            <Table highlightOnHover verticalSpacing="sm" layout="fixed">
              <Table.Thead>
                <Table.Tr>{props.head}</Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.items.map((item) => (
                  <LinkRow key={item.id} to={props.linkTo(item)}>
                    {props.cells(item)}
                  </LinkRow>
                ))}
              </Table.Tbody>
            </Table>
          )
        }
      </QueryState>
      {props.dialog}
    </Card>
  )
}
