import { PageSuspense } from '@/components/PageSuspense'
import { Box } from '@mantine/core'
import { Outlet } from 'react-router'

/** No chrome at all: sign-in, registration, the setup wizard and the `/` redirector. */
export default function BlankLayout() {
  return (
    <Box component="main" mih="100dvh">
      <PageSuspense fullPage>
        <Outlet />
      </PageSuspense>
    </Box>
  )
}
