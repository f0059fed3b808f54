// Mantine styles the parser screens add to the shared set (components/styles.ts): the row grid and example chips.
import '@/components/styles'
import '@mantine/core/styles/Chip.css'
import '@mantine/core/styles/Grid.css'
import '@mantine/core/styles/List.css'
