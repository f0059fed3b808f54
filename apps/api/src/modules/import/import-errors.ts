import { HttpError } from '../../http/errors.js'
import {
  OutboundError,
  OutboundHttpError,
  OutboundRefused,
  OutboundTimeout,
  OutboundTooLarge,
} from '../../lib/outbound-fetch.js'

/**
 * Why an import failed, as a sentence for the person importing (docs/api.md "Errors") with the status the import contracts
 * declare: 400 for what is wrong with the address or the page, 408 when the site took too long (Mealie's message,
 * word for word), 502 when the site could not be reached or failed.
 */
export const noRecipeFound = () => new HttpError(400, 'No recipe was found on this page')
export const noUrlFound = () => new HttpError(400, 'No web address (http://… or https://…) was found in the text')
export const notHtml = (contentType: string | null) =>
  new HttpError(400, `This address is not a web page (it answered ${contentType ?? 'without a content type'})`)

export function fetchFailure(error: unknown, maxBytes: number): unknown {
  if (!(error instanceof OutboundError)) return error
  if (error instanceof OutboundRefused) {
    if (error.reason === 'private-address') {
      return new HttpError(400, 'This address is not on the public internet, so Larder may not fetch it')
    }
    if (error.reason === 'scheme') return new HttpError(400, 'Only http:// and https:// addresses can be imported')
    return new HttpError(400, 'This address redirects too many times')
  }
  if (error instanceof OutboundTimeout) return new HttpError(408, 'Recipe Scraping Timed Out')
  if (error instanceof OutboundTooLarge) {
    return new HttpError(400, `This page is larger than ${Math.round(maxBytes / (1024 * 1024))} MB`)
  }
  if (error instanceof OutboundHttpError) {
    return error.status >= 500
      ? new HttpError(502, `The site answered with an error (${error.status})`)
      : new HttpError(400, `The site answered ${error.status}: the page could not be read`)
  }
  return new HttpError(502, 'The site could not be reached')
}

/**
 * Why one URL of a bulk import failed, as the report's `exception` shows it to the person: the import's sentence,
 * except Mealie's terse timeout (kept word for word on the single import's 408), and anything unforeseen, which
 * says what to do rather than what broke.
 */
export function bulkFailureReason(error: unknown, timeoutMs: number): string {
  if (!(error instanceof HttpError)) {
    return 'Larder could not save this recipe. Try this address again; if it keeps failing, tell your administrator.'
  }
  if (error.statusCode === 408) {
    return `The site did not answer within ${Math.round(timeoutMs / 1000)} seconds. Try this address again later.`
  }
  if (error.statusCode >= 500) return `${error.message}. Try this address again later.`
  return error.message
}
