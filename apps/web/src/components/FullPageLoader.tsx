import { Center, Loader } from '@mantine/core'

export function FullPageLoader() {
  return (
    <Center h="100dvh" role="status" aria-busy="true">
      <Loader />
    </Center>
  )
}
