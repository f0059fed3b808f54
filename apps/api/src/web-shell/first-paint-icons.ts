/**
 * The few icons the first paint draws, as the app draws them (Tabler icons, MIT: the paths of @tabler/icons-react's
 * IconStarFilled, IconStarHalfFilled, IconStar, IconClock, IconHeart and IconChefHat), so that nothing changes at hand-off.
 * Decorative: each is hidden from assistive technology, as in the app.
 */

const filledStar =
  'M8.243 7.34l-6.38 .925l-.113 .023a1 1 0 0 0 -.44 1.684l4.622 4.499l-1.09 6.355l-.013 .11a1 1 0 0 0 1.464 .944l5.706 -3l5.693 3l.1 .046a1 1 0 0 0 1.352 -1.1l-1.091 -6.355l4.624 -4.5l.078 -.085a1 1 0 0 0 -.633 -1.62l-6.38 -.926l-2.852 -5.78a1 1 0 0 0 -1.794 0l-2.853 5.78z'
const halfStar =
  'M12 1a.993 .993 0 0 1 .823 .443l.067 .116l2.852 5.781l6.38 .925c.741 .108 1.08 .94 .703 1.526l-.07 .095l-.078 .086l-4.624 4.499l1.09 6.355a1.001 1.001 0 0 1 -1.249 1.135l-.101 -.035l-.101 -.046l-5.693 -3l-5.706 3c-.105 .055 -.212 .09 -.32 .106l-.106 .01a1.003 1.003 0 0 1 -1.038 -1.06l.013 -.11l1.09 -6.355l-4.623 -4.5a1.001 1.001 0 0 1 .328 -1.647l.113 -.036l.114 -.023l6.379 -.925l2.853 -5.78a.968 .968 0 0 1 .904 -.56zm0 3.274v12.476a1 1 0 0 1 .239 .029l.115 .036l.112 .05l4.363 2.299l-.836 -4.873a1 1 0 0 1 .136 -.696l.07 -.099l.082 -.09l3.546 -3.453l-4.891 -.708a1 1 0 0 1 -.62 -.344l-.073 -.097l-.06 -.106l-2.183 -4.424z'
const emptyStar =
  'M12 17.75l-6.172 3.245l1.179 -6.873l-5 -4.867l6.9 -1l3.086 -6.253l3.086 6.253l6.9 1l-5 4.867l1.179 6.873l-6.158 -3.245'

/** An outlined icon (Tabler's default: 2 px stroke on a 24-unit box). */
function outlined(size: number, paths: readonly string[], stroke = 2): string {
  return (
    `<svg width="${size}" height="${size}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="${stroke}" ` +
    `stroke-linecap="round" stroke-linejoin="round" aria-hidden="true">${paths.map((d) => `<path d="${d}"/>`).join('')}</svg>`
  )
}

function filled(size: number, d: string): string {
  return `<svg width="${size}" height="${size}" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true"><path d="${d}"/></svg>`
}

/** Five stars for an average rating, halves rounded as RatingStars does. */
export function ratingStarsIcons(rating: number, size: number): string {
  const rounded = Math.round(rating * 2) / 2
  return [1, 2, 3, 4, 5]
    .map((star) =>
      rounded >= star
        ? filled(size, filledStar)
        : rounded >= star - 0.5
          ? filled(size, halfStar)
          : outlined(size, [emptyStar]),
    )
    .join('')
}

export const clockIcon = (size: number) => outlined(size, ['M3 12a9 9 0 1 0 18 0a9 9 0 0 0 -18 0', 'M12 7v5l3 3'])

export const heartIcon = (size: number) =>
  outlined(size, ['M19.5 12.572l-7.5 7.428l-7.5 -7.428a5 5 0 1 1 7.5 -6.566a5 5 0 1 1 7.5 6.572'])

export const chefHatIcon = (size: number) =>
  outlined(
    size,
    [
      'M12 3c1.918 0 3.52 1.35 3.91 3.151a4 4 0 0 1 2.09 7.723l0 7.126h-12v-7.126a4 4 0 1 1 2.092 -7.723a4 4 0 0 1 3.908 -3.151',
      'M6.161 17.009l11.839 -.009',
    ],
    1.3,
  )
