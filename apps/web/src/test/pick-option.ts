import { waitFor, within } from '@testing-library/react'
import type userEvent from '@testing-library/user-event'

/** Opens a Mantine select or multi-select and clicks one of its options (closed dropdowns stay in the page, hidden). */
export async function pickOption(user: ReturnType<typeof userEvent.setup>, combobox: HTMLElement, option: string) {
  await user.click(combobox)
  const listbox = await waitFor(() => {
    const found = document.getElementById(combobox.getAttribute('aria-controls') ?? '')
    if (!found) throw new Error('the dropdown did not open')
    return found
  })
  await user.click(await within(listbox).findByRole('option', { name: option, hidden: true }))
}
