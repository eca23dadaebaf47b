// What search engines and link previews read from a page (issue 18): its canonical address and
// Open Graph tags (React 19 hoists <link> and <meta> into <head>; on the server entry-server.tsx
// moves them there), and JSON-LD data blocks (a data block is never run, so the CSP stays as it
// is). Every URL is absolute on PUBLIC_URL (lib/public-url.ts).
import { absoluteUrl, JSON_LD_REVIEWS, productPagePath, toPaise } from "@store/domain";
import type { RouterOutputs } from "../../lib/trpc";
import { usePublicUrl } from "../../lib/public-url";
import { packsOnSale, type ProductWithPacks } from "./packs";
import { SITE } from "./format";

type StoreFacts = RouterOutputs["settings"]["storeFacts"];
type ProductReviews = Pick<RouterOutputs["reviews"]["forProduct"], "items" | "summary">;

/** Open Graph wants a short text: the first ~200 characters, cut at a word. */
export function summary(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(" ") > max / 2 ? cut.lastIndexOf(" ") : cut.length)}…`;
}

/** The canonical link and Open Graph tags of a page whose own address is `path`. */
export function PageMeta({
  path,
  title,
  description,
  type = "website",
  image,
}: {
  path: string;
  title: string;
  description: string;
  type?: "website" | "product";
  image?: string | null;
}) {
  const base = usePublicUrl();
  const url = absoluteUrl(base, path);
  return (
    <>
      <link rel="canonical" href={url} />
      <meta property="og:site_name" content={SITE} />
      <meta property="og:type" content={type} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={summary(description)} />
      <meta property="og:url" content={url} />
      {image && <meta property="og:image" content={absoluteUrl(base, image)} />}
      <meta property="og:locale" content="en_IN" />
    </>
  );
}

/** A page search engines should not index (search results); its links are still followed. */
export function NoIndex() {
  return <meta name="robots" content="noindex, follow" />;
}

/** JSON in a <script> element: `<` escaped, so no text in it can close the element. */
export const jsonLdText = (data: unknown) => JSON.stringify(data).replace(/</g, "\\u003c");

export function JsonLd({ data }: { data: object }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(data) }} />;
}

/** schema.org AggregateRating and the first Reviews (issue 31), only when there is a published review. */
function ratingJsonLd(reviews: ProductReviews | undefined) {
  const { summary, items } = reviews ?? {};
  if (!summary || !items || summary.count < 1 || summary.average === null) return {};
  return {
    aggregateRating: { "@type": "AggregateRating", ratingValue: summary.average, reviewCount: summary.count, bestRating: 5, worstRating: 1 },
    review: items.slice(0, JSON_LD_REVIEWS).map((r) => ({
      "@type": "Review",
      author: { "@type": "Person", name: r.authorName },
      reviewRating: { "@type": "Rating", ratingValue: r.rating, bestRating: 5 },
      reviewBody: r.body,
      ...(r.title ? { name: r.title } : {}),
      datePublished: new Date(r.createdAt).toISOString().slice(0, 10),
    })),
  };
}

/** schema.org Product of a product page: price in rupees with 2 decimals, availability from the stock; its rating from `reviews` (the first page). */
export function productJsonLd(p: ProductWithPacks, base: string, reviews?: ProductReviews) {
  const url = absoluteUrl(base, productPagePath(p.productId));
  const packs = packsOnSale(p);
  const only = packs.length === 1 ? packs[0] : undefined;
  const availability = (inStock: boolean) => (inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock");
  const offer = (price: number, inStock: boolean, sku?: string) => ({
    "@type": "Offer",
    url,
    ...(sku ? { sku } : {}),
    price: (toPaise(price) / 100).toFixed(2),
    priceCurrency: "INR",
    availability: availability(inStock),
    itemCondition: "https://schema.org/NewCondition",
  });
  const prices = packs.map((v) => v.price);
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: p.productName,
    sku: only?.sku ?? String(p.productId),
    description: p.productInfo,
    category: p.category,
    size: only?.label ?? p.packSize,
    ...(p.productImg ? { image: absoluteUrl(base, p.productImg) } : {}),
    ...(p.manufacturer ? { brand: { "@type": "Brand", name: p.manufacturer } } : {}),
    // issue 25: several packs are one AggregateOffer, with an Offer per pack carrying its SKU
    offers:
      packs.length > 1
        ? {
            "@type": "AggregateOffer",
            lowPrice: (toPaise(Math.min(...prices)) / 100).toFixed(2),
            highPrice: (toPaise(Math.max(...prices)) / 100).toFixed(2),
            offerCount: packs.length,
            priceCurrency: "INR",
            availability: availability(packs.some((v) => v.inStock)),
            offers: packs.map((v) => offer(v.price, v.inStock, v.sku)),
          }
        : offer(only?.price ?? p.productPrice, only?.inStock ?? p.quantity > 0, only?.sku),
    ...ratingJsonLd(reviews),
  };
}

/** schema.org Organization of the home page: the store, its logo and, from Settings, the seller and customer care. */
export function organizationJsonLd(base: string, facts: StoreFacts | undefined) {
  const care = facts?.customerCare;
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: SITE,
    url: absoluteUrl(base, "/"),
    logo: absoluteUrl(base, "/favicon.svg"),
    ...(facts?.sellerLegalName ? { legalName: facts.sellerLegalName } : {}),
    ...(care && (care.phone || care.email)
      ? {
          contactPoint: [
            {
              "@type": "ContactPoint",
              contactType: "customer service",
              ...(care.phone ? { telephone: care.phone } : {}),
              ...(care.email ? { email: care.email } : {}),
              areaServed: "IN",
              availableLanguage: ["en"],
            },
          ],
        }
      : {}),
  };
}
