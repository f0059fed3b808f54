/* global document, requestAnimationFrame */
/*
 * Starts the app on a page the server drew (apps/api/src/http/first-paint.ts). The drawing is the page until the app
 * has drawn its own: the app's code and stylesheets are asked for once the drawing is on screen, so that neither
 * their download nor their evaluation holds back its first paint (DESIGN §9). The addresses are this element's data
 * attributes, written by the server from the build manifest; the stylesheets apply before the entry runs, as they
 * would from index.html's head. A plain script (no module, no build step): it is all a drawn page runs first.
 */
;(function () {
  var tag = document.getElementById('larder-start')
  if (!tag) return
  var list = function (name) {
    return (tag.getAttribute(name) || '').split(' ').filter(Boolean)
  }
  var append = function (element) {
    document.head.appendChild(element)
  }
  var runEntry = function () {
    var script = document.createElement('script')
    script.type = 'module'
    script.crossOrigin = ''
    script.src = tag.getAttribute('data-entry')
    append(script)
  }
  var started = false
  var start = function () {
    if (started) return
    started = true
    list('data-modules').forEach(function (href) {
      var link = document.createElement('link')
      link.rel = 'modulepreload'
      link.crossOrigin = ''
      link.href = href
      append(link)
    })
    var styles = list('data-styles')
    var pending = styles.length
    if (pending === 0) return runEntry()
    styles.forEach(function (href) {
      var link = document.createElement('link')
      link.rel = 'stylesheet'
      link.crossOrigin = ''
      link.href = href
      // A stylesheet that fails leaves the app unstyled, not unstarted.
      link.onload = link.onerror = function () {
        pending -= 1
        if (pending === 0) runEntry()
      }
      append(link)
    })
  }
  // A frame's callbacks run before it is painted; a task they queue runs after. A hidden tab paints no frames.
  if (document.visibilityState === 'hidden') start()
  else
    requestAnimationFrame(function () {
      setTimeout(start, 0)
    })
})()
