/* global document, requestAnimationFrame */
/*
 * Starts the app on a page the server drew (apps/api/src/web-shell/first-paint-parts.ts). The drawing is the page until the app
 * has drawn its own: the app's code and stylesheets are asked for once the drawing is on screen, so that neither
 * their download nor their evaluation holds back its first paint (docs/budgets.md "Web budgets"). The addresses are this element's data
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
  // The entry's own imports (the framework, Mantine's core, the sign-in page's components, …) are evaluated one per
  // task before the entry: evaluated with it, as a module graph is, they were one task of 65 to 140 ms at a phone's
  // speed while the drawing was on screen, the first long task after it painted (the local build's time to
  // interactive, docs/budgets.md "Web budgets"). A step that fails leaves it to the entry, which imports them all anyway.
  var evaluateStepsThenEntry = function (steps) {
    if (steps.length === 0) return runEntry()
    import(steps[0]).then(
      function () {
        setTimeout(function () {
          evaluateStepsThenEntry(steps.slice(1))
        }, 0)
      },
      function () {
        runEntry()
      },
    )
  }
  // Each <link> appended starts a request, a few milliseconds of the main thread each at a phone's speed (the first
  // ones more): the route's fifty files asked for in one go made one long task (Lighthouse's blocking time,
  // docs/budgets.md "Web budgets"). They are asked for a few at a time, one task each: the stylesheets first (the entry waits for them), then the
  // modules in the order the entry needs them (the browser fetches six at a time anyway). Four at a time still made
  // tasks of 40 to 55 ms at a phone's speed (the local build's time to interactive, docs/budgets.md "Web budgets"): two.
  var batch = 2
  var appendInTasks = function (links) {
    links.slice(0, batch).forEach(append)
    if (links.length > batch)
      setTimeout(function () {
        appendInTasks(links.slice(batch))
      }, 0)
  }
  var link = function (rel, href) {
    var element = document.createElement('link')
    element.rel = rel
    element.crossOrigin = ''
    element.href = href
    return element
  }
  var started = false
  var start = function () {
    if (started) return
    started = true
    var styles = list('data-styles')
    var pending = styles.length
    var stylesheets = styles.map(function (href) {
      var element = link('stylesheet', href)
      // A stylesheet that fails leaves the app unstyled, not unstarted.
      element.onload = element.onerror = function () {
        pending -= 1
        if (pending === 0) evaluateStepsThenEntry(list('data-steps'))
      }
      return element
    })
    var modules = list('data-modules').map(function (href) {
      return link('modulepreload', href)
    })
    appendInTasks(stylesheets.concat(modules))
    if (styles.length === 0) evaluateStepsThenEntry(list('data-steps'))
  }
  // A frame's callbacks run before it is painted; a task they queue runs after. A hidden tab paints no frames.
  if (document.visibilityState === 'hidden') start()
  else
    requestAnimationFrame(function () {
      setTimeout(start, 0)
    })
})()
