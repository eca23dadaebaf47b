// Issue 18: an address that is no page answers 404 with the not-found page, whether its route is
// rendered on the server or in the browser only (customer and admin screens), a blank or
// non-numeric id included; every page of the spec still answers 200. Needs the built web app.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WEB_DIST } from "./app.ts";
import { createHttpTestEnv, type HttpTestEnv } from "./testing.ts";

let env: HttpTestEnv;
beforeAll(async () => {
  const entry = path.join(`${WEB_DIST}-server`, "entry-server.js");
  if (!fs.existsSync(entry)) throw new Error(`${entry} is missing: build the web app first (npm run build)`);
  env = await createHttpTestEnv();
});
afterAll(() => env.close());

const get = (url: string) => env.app.inject({ method: "GET", url });
const rootOf = (html: string) => html.slice(html.indexOf('<div id="root">'), html.indexOf("</main>"));

describe("addresses that are no page", () => {
  it.each([
    // a blank id: /singleProductDetails/{customerId}/{productId} with no productId, not product 4
    "/singleProductDetails/4/",
    "/singleProductDetails/abc",
    "/singleProductDetails/0",
    "/singleProductDetails/-4",
    "/singleProductDetails/99999999999",
    "/singleProductDetails/4/abc",
    // client-only routes (the customer's screens, the back office)
    "/myCart/",
    "/myCart/abc",
    "/checkOut/4/",
    "/checkOut/4/x",
    "/orderDetails/1/",
    "/userProfile/",
    "/product/",
    "/product/abc",
    "/oderView/abc",
    "/updatecustomer/",
    // a slash after a page that has none
    "/customerLogin/",
    "/refundPolicy/",
    "/no-such-page",
    "/no/such/page",
  ])("%s answers 404 with the not-found page", async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(rootOf(res.body)).toContain("Page not found");
  });

  it("a blank product id never shows product 4", async () => {
    const productId = await env.newProduct({ productName: "Blank Id Floor Cleaner" });
    expect((await get(`/singleProductDetails/${productId}`)).body).toContain("Blank Id Floor Cleaner");
    const res = await get(`/singleProductDetails/${productId}/`);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain("Blank Id Floor Cleaner");
  });

  it("a product that does not exist answers 404", async () => {
    const res = await get("/singleProductDetails/999999");
    expect(res.statusCode).toBe(404);
    expect(rootOf(res.body)).toContain("Product 999999 was not found.");
  });

  it("every page of the spec still answers 200, with or without the slash the spec gives it", async () => {
    const productId = await env.newProduct({ productName: "Spec Route Cleaner" });
    for (const url of [
      "/",
      "/product/1",
      "/customerLogin",
      "/customerRegister",
      `/singleProductDetails/1/${productId}`,
      `/singleProductDetails/${productId}`,
      "/myCart/1",
      "/myCart/0",
      "/myOrder/1",
      "/orderDetails/1/1",
      `/checkOut/1/${productId}?quantity=2`,
      `/checkOut/0/${productId}`,
      "/userProfile/1/",
      "/userProfile/1",
      "/AdminLogin",
      "/Admindashboard",
      "/customer-management",
      "/updatecustomer/1",
      "/product-management",
      "/add-product",
      `/UpdateProducts/${productId}`,
      "/total-order",
      "/oderView/1",
      "/CustomerWaysOrder/1",
      "/totalAddToCart",
      "/viewAddToCart/1",
      "/CustomerWaysAddToCart/1",
      "/totalShippingOrder",
      "/updateOrderShipping/1",
      "/ViewOrderShipping/1",
      "/CustomerViewOderShipping/1",
      "/TotalOrderDelivery",
      "/viewOrderDelivery/1",
      "/CustomerViewOderDelivery/1",
      "/privacyPolicy",
      "/termUse",
      "/termsCondition",
      "/refundPolicy",
      "/contact-us.html",
      "/term-use.html",
      "/about-us.html",
      "/blog.html",
      "/term-use",
      "/term-use/",
    ]) {
      expect((await get(url)).statusCode, url).toBe(200);
    }
  });

  it("an old address that redirects is sent as the app shell, not as an empty page", async () => {
    for (const url of ["/term-use", "/term-use.html", "/about-us.html"]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root"></div>');
    }
  });
});
