import { recipeTint } from '@larder/kitchen'
import { IconChefHat } from '@tabler/icons-react'
import { useState } from 'react'

export type RecipeImageSize = 'original' | 'min-original' | 'tiny-original'

/**
 * A recipe image's address; `image` is the recipe's cache key, so a new image is a new address. A private recipe's
 * picture is served only to its group's members or with a share token of it, which a shared page passes on.
 */
export function recipeImageUrl(
  recipeId: string,
  image: string,
  size: RecipeImageSize = 'min-original',
  shareToken?: string,
) {
  const tokenQuery = shareToken ? `&token=${encodeURIComponent(shareToken)}` : ''
  return `/api/media/recipes/${encodeURIComponent(recipeId)}/images/${size}.webp?version=${encodeURIComponent(image)}${tokenQuery}`
}

/**
 * The recipe's picture at a fixed aspect ratio (width and height given, so nothing shifts while it loads), lazy
 * unless `eager`; without a picture, or when it fails to load, a tinted panel with a chef's hat. The picture is
 * decorative: the recipe's name is always next to it.
 */
export function RecipeImage(props: {
  recipeId: string
  image: string | null
  name: string
  size?: RecipeImageSize
  width: number
  height: number
  eager?: boolean
  radius?: string | number
  /** The share token a shared page opened the recipe with. */
  shareToken?: string
}) {
  const [failed, setFailed] = useState(false)
  const style = {
    display: 'block',
    width: '100%',
    height: 'auto',
    aspectRatio: `${props.width} / ${props.height}`,
    objectFit: 'cover' as const,
    borderRadius: props.radius,
  }
  if (!props.image || failed) {
    return (
      <div
        aria-hidden="true"
        data-testid="recipe-image-fallback"
        style={{ ...style, display: 'grid', placeItems: 'center', ...recipeTint(props.name) }}
      >
        <IconChefHat size={Math.min(64, Math.round(props.height / 3))} stroke={1.3} />
      </div>
    )
  }
  return (
    <img
      src={recipeImageUrl(props.recipeId, props.image, props.size, props.shareToken)}
      alt=""
      width={props.width}
      height={props.height}
      loading={props.eager ? 'eager' : 'lazy'}
      decoding="async"
      onError={() => setFailed(true)}
      // A quiet tint until the picture arrives.
      style={{ ...style, background: 'var(--mantine-color-default-hover)' }}
    />
  )
}
