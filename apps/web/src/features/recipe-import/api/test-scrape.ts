import { testScrapeUrl, type ScrapeRecipeTest } from '@larder/contracts'
import { useMutation } from '@tanstack/react-query'
import { call } from '@/api/http'

/** What the scraper finds on a page, nothing saved (the debug screen). */
export function useTestScrape() {
  return useMutation({
    mutationFn: (body: ScrapeRecipeTest) => call(testScrapeUrl, { body, notify: false }),
  })
}
