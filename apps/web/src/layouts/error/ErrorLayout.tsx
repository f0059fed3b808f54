import { PageSuspense } from '@/components/PageSuspense'
import { Box } from '@mantine/core'
import { Outlet } from 'react-router'

/** Error pages stand alone: no navigation, nothing that could fail again. */
export default function ErrorLayout() {
  return (
    <Box component="main" bg="var(--mantine-color-body)">
      <PageSuspense fullPage>
        <Outlet />
      </PageSuspense>
    </Box>
  )
}
