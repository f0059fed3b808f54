// The data block a page the server drew carries (api web-shell/first-paint-parts.ts), for the tests of the queries that take it.

/** Puts the answers' data block in the document, as the server writes it before the app's root. */
export function embedAnswers(answers: Record<string, unknown>) {
  const data = document.createElement('script')
  data.type = 'application/json'
  data.id = 'larder-answers'
  data.textContent = JSON.stringify({ generatedAt: Date.now(), answers })
  document.body.prepend(data)
}
