// Mantine styles the editor adds to the shared set; the editor's chunk brings them, no other page pays for them.
import '@/components/styles'
import '@mantine/core/styles/Grid.css'
import '@mantine/core/styles/Image.css'
import '@mantine/core/styles/Pill.css'
import '@mantine/core/styles/PillsInput.css'
import '@mantine/core/styles/Typography.css'
import '@mantine/core/styles/Fieldset.css'
