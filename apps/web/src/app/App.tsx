import { Suspense, useEffect } from 'react'
import { BrowserRouter } from 'react-router'
import { FullPageLoader } from '@/components/FullPageLoader'
import { refreshSessionWhenVisible } from '@/features/auth/app-session'
import { useIdle } from '@/hooks/use-idle'
import { NotificationBridge } from '@/notifications/NotificationBridge'
import { useUpdateCheck } from '@/pwa/update-check'
import { AppRoutes } from '@/router'
import { ThemeProvider } from '@/theme/ThemeProvider'
import { FirstPaintHandOff } from './first-paint'

/** Background work that lives as long as the page: update check (paused while idle) and session refresh. */
function BackgroundWork() {
  const idle = useIdle()
  useUpdateCheck(idle)
  useEffect(() => refreshSessionWhenVisible(), [])
  return null
}

export function App() {
  return (
    <ThemeProvider>
      <NotificationBridge />
      <BackgroundWork />
      <BrowserRouter>
        <FirstPaintHandOff />
        <Suspense fallback={<FullPageLoader />}>
          <AppRoutes />
        </Suspense>
      </BrowserRouter>
    </ThemeProvider>
  )
}
