import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { listHouseholdMembers, setMemberPermissions, type UserOut } from '@larder/contracts'
import { describe, expect, it } from 'vitest'
import { fakeServer } from '@/test/fake-server'
import { makeUser, renderWithApp } from '@/test/render'
import { MembersList } from './MembersList'

const self = makeUser({ id: '00000000-0000-4000-8000-000000000001', username: 'owner', canManage: true })
const other = makeUser({ id: '00000000-0000-4000-8000-000000000002', username: 'cook', canOrganize: true })
const admin = makeUser({ id: '00000000-0000-4000-8000-000000000003', username: 'root', admin: true, canManage: true })

function membersPage(items: UserOut[]) {
  return { body: { page: 1, per_page: -1, total: items.length, total_pages: 1, items, next: null, previous: null } }
}

describe('household member permissions', { timeout: 15_000 }, () => {
  it("sets one member's flag through PUT /api/households/permissions, keeping their other flags", async () => {
    const server = fakeServer()
      .answer(listHouseholdMembers, membersPage([self, other, admin]))
      .answer(setMemberPermissions, ({ body }) => ({ body: { ...other, ...body } }))
    const user = userEvent.setup({ delay: null })
    await renderWithApp(<MembersList self={self} avatarOf={() => ''} />)

    const card = await screen.findByTestId(`member-${other.id}`)
    const manage = within(card).getByRole('switch', { name: 'Manage group' })
    expect(manage).not.toBeChecked()
    await user.click(manage)

    await waitFor(() => expect(server.calls(setMemberPermissions)).toHaveLength(1))
    expect(server.calls(setMemberPermissions)[0]!.body).toEqual({
      userId: other.id,
      canManage: true,
      canOrganize: true,
      canInvite: false,
      canManageHousehold: false,
    })
    await waitFor(() => expect(within(card).getByRole('switch', { name: 'Manage group' })).toBeChecked())
  })

  it('never lets you change your own flags or an administrator’s', async () => {
    fakeServer().answer(listHouseholdMembers, membersPage([self, other, admin]))
    await renderWithApp(<MembersList self={self} avatarOf={() => ''} />)
    for (const locked of [self, admin]) {
      const card = await screen.findByTestId(`member-${locked.id}`)
      for (const toggle of within(card).getAllByRole('switch')) expect(toggle).toBeDisabled()
    }
    const card = screen.getByTestId(`member-${other.id}`)
    for (const toggle of within(card).getAllByRole('switch')) expect(toggle).toBeEnabled()
  })

  it('is read-only for someone who may not manage the group', async () => {
    fakeServer().answer(listHouseholdMembers, membersPage([other, self]))
    await renderWithApp(<MembersList self={{ ...self, canManage: false }} avatarOf={() => ''} />)
    const card = await screen.findByTestId(`member-${other.id}`)
    for (const toggle of within(card).getAllByRole('switch')) expect(toggle).toBeDisabled()
  })
})
