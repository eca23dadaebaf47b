// The storefront's public addresses (issue 18): the sitemap lists them (packages/api catalogue/seo.ts)
// and each page names the same one as its canonical link (apps/web lib/seo.tsx), so the two agree.

/** The guest's product page. */
export const productPagePath = (productId: number): string => `/singleProductDetails/${productId}`;

/** A category's page: the search page filtered to it, its query written as TanStack Router writes it (URLSearchParams). */
export const categoryPagePath = (category: string): string => `/search?${new URLSearchParams({ category }).toString()}`;

/** Lists of products: home, all products, the category index, trending. */
export const LISTING_PAGES = ["/", "/search", "/categories", "/trending"] as const;

/** Information and policy pages (the footer's and the policy menu's links). */
export const INFO_PAGES = ["/about-us", "/contact-us", "/blog", "/privacyPolicy", "/termUse", "/termsCondition", "/refundPolicy"] as const;

/** `path` on the store's public address (PUBLIC_URL, without a trailing slash); an absolute URL is kept. */
export const absoluteUrl = (publicUrl: string, path: string): string => (/^https?:\/\//i.test(path) ? path : `${publicUrl.replace(/\/+$/, "")}${path}`);
