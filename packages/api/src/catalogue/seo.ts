// What search engines are told (issue 18): the pages of the sitemap and the rules of robots.txt.
// apps/server plugins/seo.ts writes them out; the addresses are the storefront's own
// (@store/domain storefront-links), on the store's public address (PUBLIC_URL).
import { absoluteUrl, categoryPagePath, INFO_PAGES, LISTING_PAGES, productPagePath } from "@store/domain";
import { PRODUCT_CATEGORIES } from "@store/validators";
import type { Context } from "../context.ts";
import { live } from "./products.ts";

export interface SitemapUrl {
  /** absolute URL */
  loc: string;
  /** when the page's content last changed, where known (a product's last write) */
  lastmod?: Date;
}

/**
 * Every page a search engine should index: the lists, each category (the storefront links every
 * one from /categories), each product on sale (not soft-deleted) and the information pages.
 */
export async function sitemapUrls(ctx: Pick<Context, "db" | "services">): Promise<SitemapUrl[]> {
  const base = ctx.services.mail.publicUrl;
  const products = await ctx.db.product.findMany({ where: live, select: { productId: true, updatedAt: true }, orderBy: { productId: "asc" } });
  return [
    ...LISTING_PAGES.map((path) => ({ loc: absoluteUrl(base, path) })),
    ...PRODUCT_CATEGORIES.map((category) => ({ loc: absoluteUrl(base, categoryPagePath(category)) })),
    ...products.map((p) => ({ loc: absoluteUrl(base, productPagePath(p.productId)), lastmod: p.updatedAt })),
    ...INFO_PAGES.map((path) => ({ loc: absoluteUrl(base, path) })),
  ];
}

/**
 * Paths no crawler should fetch: the API, the back office and the customer's own screens (a login
 * away for a crawler), and the account pages (a reset link carries a token). Prefixes, as
 * robots.txt reads them (RFC 9309: `*` is any text); the storefront's pages start with none of them.
 */
export const ROBOTS_DISALLOW = [
  "/api/",
  // back office (apps/web/src/routes/_admin and its login)
  "/AdminLogin",
  "/adminForgotPassword",
  "/adminResetPassword",
  "/Admindashboard",
  "/CustomerViewOderDelivery/",
  "/CustomerViewOderShipping/",
  "/CustomerWaysAddToCart/",
  "/CustomerWaysOrder/",
  "/TotalOrderDelivery",
  "/UpdateProducts/",
  "/ViewOrderShipping/",
  "/add-product",
  "/audit",
  "/coupons",
  "/customer-management",
  "/delivery-zones",
  "/emails",
  "/grievances",
  "/gst-summary",
  "/import-products",
  "/oderView/",
  "/orders",
  "/packing",
  "/payments",
  "/pin-codes",
  "/product-management",
  "/reviews",
  "/settings",
  "/shipments",
  "/sms-templates",
  "/staff",
  "/total-order",
  "/totalAddToCart",
  "/totalShippingOrder",
  "/updateOrderShipping/",
  "/updatecustomer/",
  "/viewAddToCart/",
  "/viewOrderDelivery/",
  // the customer's own screens (apps/web/src/routes/_customer, the customer's home and product page)
  "/checkOut/",
  "/myCart/",
  "/myOrder/",
  "/orderDetails/",
  "/userProfile/",
  "/product/",
  "/singleProductDetails/*/",
  // a guest's cart, checkout and order pages (issue 29; an order page's address may carry a one-time link)
  "/guest/",
  // a customer's complaints (a guest's ticket address carries their e-mail) and review form (issue 31)
  "/my-complaints",
  "/rate/",
  // accounts
  "/customerLogin",
  "/customerRegister",
  "/forgotPassword",
  "/resetPassword",
] as const;

/** robots.txt: the storefront open to every crawler, the paths above closed, and where the sitemap is. */
export function robotsTxt(publicUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    ...ROBOTS_DISALLOW.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${absoluteUrl(publicUrl, "/sitemap.xml")}`,
    "",
  ].join("\n");
}
