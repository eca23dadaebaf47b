// The back office's pages come from the route tree (issue 22): which pages send the admin token,
// and which the browser tests sweep, follow src/routes/_admin/ with nothing listed by hand.
import fs from "node:fs";
import path from "node:path";
import { createMemoryHistory, createRootRoute, createRoute, createRouter } from "@tanstack/react-router";
import { describe, expect, it } from "vitest";
import { createAppRouter, createQueryClient } from "../router";
import { adminPagePaths, isAdminPage } from "./admin-routes";
import { trpc } from "./trpc";

const appRouter = () => createAppRouter(createQueryClient(), trpc.createClient({ links: [] }), createMemoryHistory());
const withIds = (fullPath: string) => fullPath.replace(/\$\w+/g, "7");

describe("the app's back office", () => {
  const router = appRouter();

  it("is every screen file under routes/_admin and the admin login", () => {
    const screens = fs.readdirSync(path.resolve(import.meta.dirname, "../routes/_admin")).filter((f) => f.endsWith(".tsx"));
    const paths = adminPagePaths(router);
    expect(paths).toContain("/AdminLogin");
    expect(paths).toHaveLength(screens.length + 1);
    for (const p of paths) expect(isAdminPage(router, withIds(p)), p).toBe(true);
  });

  it("still holds every page the hand-kept list of names had", () => {
    // the list lib/auth.ts kept before issue 22, the order desk (issue 24), coupons (26), zones and PIN codes (27), packing and shipments (28), SMS templates (29), complaints and reviews (31)
    const named =
      "AdminLogin Admindashboard customer-management updatecustomer product-management add-product UpdateProducts total-order oderView CustomerWaysOrder totalAddToCart viewAddToCart CustomerWaysAddToCart totalShippingOrder updateOrderShipping ViewOrderShipping CustomerViewOderShipping TotalOrderDelivery viewOrderDelivery CustomerViewOderDelivery payments emails gst-summary settings staff audit import-products orders coupons delivery-zones pin-codes packing shipments sms-templates grievances reviews";
    const firstSegments = new Set(adminPagePaths(router).map((p) => p.split("/")[1]));
    expect([...firstSegments].sort()).toEqual(named.split(" ").sort());
    // an address that starts like a screen but is no page: its not-found page is the back office's too
    expect(isAdminPage(router, "/settings/more")).toBe(true);
  });

  it("leaves out the storefront, the customer's screens and the password pages reached without a login", () => {
    for (const p of [
      "/",
      "/customerLogin",
      "/search",
      "/singleProductDetails/7",
      "/product/7",
      "/myCart/7",
      "/userProfile/7/",
      "/adminForgotPassword",
      "/adminResetPassword",
      "/no-such-page",
      "/guest/cart",
      "/guest/checkout",
      "/guest/order/ORD-1",
    ]) {
      expect(isAdminPage(router, p), p).toBe(false);
    }
  });
});

describe("a screen added under the admin layout", () => {
  it("is a back-office page without being named anywhere", () => {
    const root = createRootRoute();
    const layout = createRoute({ getParentRoute: () => root, id: "_admin" });
    const screen = createRoute({ getParentRoute: () => layout, path: "/brand-new-screen/$id" });
    const shop = createRoute({ getParentRoute: () => root, path: "/shop" });
    const router = createRouter({ routeTree: root.addChildren([layout.addChildren([screen]), shop]), history: createMemoryHistory() });
    expect(adminPagePaths(router)).toEqual(["/brand-new-screen/$id"]);
    expect(isAdminPage(router, "/brand-new-screen/3")).toBe(true);
    expect(isAdminPage(router, "/shop")).toBe(false);
  });
});
