/**
 * A local image, resized at build time: `<Image src="/images/harbour.jpg" alt="The harbour at dawn" />`. The build
 * turns it into a `<picture>` with WebP (and AVIF, if configured) copies at the configured widths, `srcset`, `sizes`,
 * `width`, `height`, lazy loading and async decoding (src/output/images.ts). In a page or layout, `src` is a path in
 * the public folder (`/images/x.jpg`, written as a literal) or a front matter image field; in markdown, also a path
 * next to the document (`./x.jpg`). SVG and GIF files, and remote URLs, stay a plain `<img>`.
 */
export interface ImageProps {
  src: string;
  /** Required: describe the picture, or `""` when it is decoration only. */
  alt: string;
  /** How wide the image shows (the `sizes` attribute); by default the config's `images.sizes`. */
  sizes?: string;
  /** The image at the top of a page, which is likely the largest paint: loaded at once, at high priority, not lazily. */
  priority?: boolean | string;
  width?: number | string;
  height?: number | string;
  className?: string;
  title?: string;
}

const number = (value: number | string | undefined) => (value === undefined || value === '' || Number.isNaN(Number(value)) ? undefined : Number(value));

export function Image({ src, alt, sizes, priority, width, height, className, title }: ImageProps) {
  const eager = priority === true || priority === 'true' || priority === '';
  const w = number(width);
  const h = number(height);
  return (
    <img
      data-sitegen-image=""
      src={String(src ?? '')}
      alt={String(alt ?? '')}
      title={title}
      className={className}
      sizes={sizes}
      {...(w !== undefined && h !== undefined ? { width: w, height: h } : {})}
      // Lazy as React renders it, so React adds no preload of the unresized file; the build makes a priority image eager.
      loading="lazy"
      {...(eager ? { 'data-sitegen-priority': '' } : {})}
    />
  );
}
