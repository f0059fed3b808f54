/* The migrations screen (docs/web.md "Mealie's screens" `/group/migrations`): the upload form; its reports are the reports feature's. */
import '@/components/styles'
export { MigrationForm } from './components/MigrationForm'
