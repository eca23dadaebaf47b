import { BottleIcon } from "./Icons";

/** A product image at a fixed size (width/height set, so nothing jumps while it loads). */
export function ProductImage({
  src,
  alt,
  size,
  lazy = true,
  className,
}: {
  src: string | null;
  alt: string;
  size: 396 | 150 | 100;
  lazy?: boolean;
  className?: string;
}) {
  if (!src) {
    return (
      <div
        className={`img-placeholder ${className ?? ""}`}
        style={{ aspectRatio: "1 / 1", maxWidth: size }}
        {...(alt ? { role: "img", "aria-label": alt } : { "aria-hidden": true })}
      >
        <BottleIcon />
      </div>
    );
  }
  return <img src={src} alt={alt} width={size} height={size} loading={lazy ? "lazy" : "eager"} decoding="async" className={className} />;
}
