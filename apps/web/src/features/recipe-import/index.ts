/* The recipe import screens (docs/web.md "Mealie's screens" `/g/:groupSlug/r/create/*`), which the creation pages compose. */
import './styles'
export { UrlImport, type ImportLinks } from './components/UrlImport'
export { HtmlImport } from './components/HtmlImport'
export { BulkImport } from './components/BulkImport'
export { ZipImport } from './components/ZipImport'
export { ImageImport } from './components/ImageImport'
export { ScrapeDebug } from './components/ScrapeDebug'
export { sharedUrlOf } from './shared-url'
