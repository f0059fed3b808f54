import { useLocation } from 'react-router'
import { ErrorContent } from '@/layouts/error/ErrorContent'

export default function NotFoundPage() {
  const location = useLocation()
  return <ErrorContent kind="not-found" path={location.pathname} />
}
