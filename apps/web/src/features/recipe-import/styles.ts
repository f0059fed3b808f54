// Mantine styles the import screens add to the shared set (components/styles.ts); their chunks bring them.
import '@/components/styles'
import '@mantine/core/styles/Code.css'
import '@mantine/core/styles/Image.css'
import '@mantine/core/styles/List.css'
import '@mantine/core/styles/Grid.css'
