/** Hands a file at `href` to the browser's downloads; the server answers it as an attachment, so the page stays. */
export function saveDownload(href: string, fileName: string) {
  const link = document.createElement('a')
  link.href = href
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
}
