/* The migrations screen (reference §11 `/group/migrations`): the upload form; its reports are the reports feature's. */
import '@/components/styles'
export { MigrationForm } from './components/MigrationForm'
