// Mantine styles a report adds to the shared set (components/styles.ts): its filter, bar and exception blocks.
import '@/components/styles'
import '@mantine/core/styles/Code.css'
