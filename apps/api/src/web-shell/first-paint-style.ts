/**
 * The first paint's stylesheet, inlined in the page (the CSP allows inline styles, not scripts). It copies the sizes
 * the app's own screen uses (Mantine's AppShell: a 60 px header, md/lg/xl padding at the sm 600 px and lg 1280 px
 * breakpoints, a 280 px navbar from lg; the recipe header and explorer grid of features/recipes), so the picture and
 * the title sit where React will draw them. Colours follow the system's scheme, and dark when the server's default
 * is dark (`:root.fp-dark`); a scheme toggled inside the app is kept in the browser only and is not known here.
 * While the first paint is shown, the app mounts under it unseen, laid out so that it can measure itself: the server
 * marks #root aria-hidden (web-app.ts), which keeps it out of the accessibility tree and, by this stylesheet,
 * transparent; the client removes the mark and the first paint once its own page is drawn. Transparent rather than
 * hidden: visibility is inherited, so each of the app's parts and the swap restyled every element under #root, tasks
 * of 50 to 80 ms at a phone's speed (the local build's time to interactive, docs/budgets.md "Web budgets"); opacity restyles #root alone.
 * Released (the client's releaseFirstPaint), the drawing is skipped by the browser's rendering, its box transparent
 * and untouchable, until the client has removed it in steps; hidden as well for a browser without content-visibility
 * (the subtree it skips is not restyled for it).
 * The cards and sections below the first screen are styled and laid out only when they come near it
 * (content-visibility): each time the app's stylesheets arrive or the app measures itself, the whole drawing was styled
 * and laid out again (docs/budgets.md "Web budgets").
 */
export const firstPaintStyle = `
#first-paint{--fp-bg:#fff;--fp-text:#000;--fp-dim:#666e76;--fp-line:#dee2e6;--fp-tint:#f1f3f5;--fp-badge:#f1f3f5;--fp-badge-text:#212529;position:absolute;top:0;left:0;right:0;min-height:100vh;background:var(--fp-bg);color:var(--fp-text);font-family:Inter,system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,"Noto Sans",sans-serif;font-size:16px;line-height:1.55;z-index:1}
@media (prefers-color-scheme:dark){#first-paint{--fp-bg:#1E1E1E;--fp-text:#C9C9C9;--fp-dim:#a0a0a0;--fp-line:#424242;--fp-tint:#2e2e2e;--fp-badge:#111315;--fp-badge-text:#f8f9fa}}
:root.fp-dark #first-paint{--fp-bg:#1E1E1E;--fp-text:#C9C9C9;--fp-dim:#a0a0a0;--fp-line:#424242;--fp-tint:#2e2e2e;--fp-badge:#111315;--fp-badge-text:#f8f9fa}
#root[aria-hidden]{opacity:0}
#first-paint[data-released]{content-visibility:hidden;visibility:hidden;background:none;pointer-events:none}
body{margin:0}
.fp-header{position:fixed;top:0;left:0;right:0;height:60px;border-bottom:1px solid var(--fp-line);background:var(--fp-bg);box-sizing:border-box}
.fp-logo{position:absolute;top:15px;left:56px;display:flex;align-items:center;gap:10px;font-weight:750;font-size:18.6px;line-height:1;letter-spacing:-0.02em}
@media (min-width:1280px){.fp-logo{left:16px}}
.fp-main{padding:76px 16px 16px;box-sizing:border-box}
.fp-page{max-width:1400px;margin-inline:auto}
@media (min-width:600px){.fp-main{padding:80px 20px 20px}}
@media (min-width:1280px){.fp-main{padding:92px 32px 32px 312px}.fp-nav{position:fixed;top:60px;bottom:0;left:0;width:280px;border-right:1px solid var(--fp-line);box-sizing:border-box}}
.fp-title{margin:0;font-size:26px;line-height:1.3;font-weight:700;word-break:break-word}
@media (min-width:600px){.fp-title{font-size:32px}}
.fp-bar{display:block;height:14px;border-radius:4px;background:var(--fp-tint)}
.fp-picture{display:block;width:100%;height:auto;aspect-ratio:4/3;object-fit:cover;background:var(--fp-tint)}
.fp-recipe-head{display:grid;grid-template-columns:1fr;gap:20px;margin-bottom:20px}
.fp-recipe-head .fp-picture{border-radius:16px}
@media (min-width:600px){.fp-recipe-head{grid-template-columns:1fr 1fr}.fp-recipe-head>:first-child{max-width:560px}}
.fp-title-row{display:flex;justify-content:space-between;align-items:flex-start;gap:10px}
.fp-actions{flex:0 0 146px;height:36px}
.fp-description{margin:12px 0 0}
.fp-facts{display:flex;flex-wrap:wrap;gap:32px;margin:12px 0 0;padding:12px;border:1px solid var(--fp-line);border-radius:8px}
.fp-facts dt{display:flex;align-items:center;height:16.8px}.fp-facts dt .fp-bar{width:40px;height:12px}.fp-facts dd{margin:0;font-weight:600}
.fp-section{margin:0 0 20px;padding:16px;border:1px solid var(--fp-line);border-radius:8px;content-visibility:auto;contain-intrinsic-size:auto 600px}
.fp-section ul,.fp-section ol{margin:12px 0 0;padding-inline-start:20px}.fp-section li{margin:6px 0}
.fp-social{display:flex;flex-wrap:wrap;justify-content:space-between;align-items:center;gap:12px;margin-bottom:20px}
.fp-rating{display:flex;flex-direction:column;justify-content:center;gap:10px;width:196px;height:45px}.fp-rating .fp-bar{width:100%}.fp-rating .fp-bar+.fp-bar{width:70%}
.fp-social-actions{display:flex;gap:12px}.fp-round{width:36px;border-radius:32px}.fp-share{width:104px}
@media (min-width:992px){.fp-recipe-body{display:grid;grid-template-columns:calc((100% + 20px)/3 - 20px) minmax(0,1fr);column-gap:20px;align-items:start}}
.fp-page-head{display:flex;gap:16px;align-items:center;margin-bottom:20px;min-height:44px}
.fp-toolbar{display:flex;flex-wrap:wrap;gap:10px;margin-bottom:16px}
.fp-search{flex:1 1 300px;height:42px;box-sizing:border-box;border:1px solid var(--fp-line);border-radius:8px}
.fp-tools{display:flex;gap:10px;align-self:center}.fp-sort{display:flex;gap:4px}
.fp-button{height:36px;box-sizing:border-box;border:1px solid var(--fp-line);border-radius:8px}
.fp-count{width:90px;height:20.3px;margin-bottom:16px}
.fp-grid{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));gap:16px;list-style:none;margin:0;padding:0}
@media (min-width:600px){.fp-grid{grid-template-columns:repeat(auto-fill,minmax(240px,1fr))}}
.fp-card{position:relative;display:flex;flex-direction:column;border:1px solid var(--fp-line);border-radius:8px;overflow:hidden;content-visibility:auto;contain-intrinsic-size:auto 240px}
.fp-tinted{display:grid;place-items:center}
.fp-favorite{position:absolute;top:8px;right:8px;display:grid;place-items:center;width:36px;height:36px;border-radius:32px;background:#fff;color:#343a40}
.fp-card-body{display:flex;flex-direction:column;gap:6px;padding:12px}
.fp-card h2{margin:0;font-size:16px;line-height:1.3;font-weight:600;overflow:hidden;display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical}
.fp-card a{color:inherit;text-decoration:none}
.fp-card-facts{display:flex;flex-wrap:wrap;justify-content:space-between;align-items:center;gap:4px}
.fp-stars{display:flex;gap:1px;color:#e8590c}
.fp-time{display:flex;align-items:center;gap:4px;margin-left:auto;white-space:nowrap;color:var(--fp-dim);font-size:12px;line-height:1.4}
.fp-tags{display:flex;flex-wrap:wrap;gap:4px;list-style:none;margin:0;padding:0}
.fp-tags li{display:inline-flex;align-items:center;max-width:100%;height:18px;box-sizing:border-box;padding:0 8px;border:1px solid transparent;border-radius:4px;background:var(--fp-badge);color:var(--fp-badge-text);font-size:10px;line-height:16px;font-weight:700;letter-spacing:.25px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.fp-tags .fp-more{background:transparent;border-radius:1000px}
`.replace(/\n/g, '')
