// CSV exports of the admin lists (issue 17), with the lists' own filters: rows are read from the
// database in batches of 1,000 by id (newest first, like the lists) and handed on one batch at a
// time, so that 100,000 orders go out in flat memory. The columns are explicit selects: no
// password hash can reach a file. Products use the import's columns, so an export can be edited
// and imported again.
import type { Db, Prisma } from "@store/db";
import { istDay, toRupees } from "@store/domain";
import { PACK_IMPORT_COLUMNS, type ExportInput, type ExportKind } from "@store/validators";
import type { Context } from "../context.ts";
import { orderListWhere } from "../orders/orders.ts";
import { customerListWhere } from "../accounts/customers.ts";
import { adminSearch } from "../catalogue/products.ts";
import { cartListWhere } from "../orders/cart.ts";
import { orderSelect } from "../orders/serializers.ts";
import { customerSelect } from "../accounts/serializers.ts";

const BATCH = 1000;
type Row = Record<string, string | number | boolean | Date | null>;

export const EXPORT_COLUMNS: Record<ExportKind, readonly string[]> = {
  orders: [
    "orderId",
    "productOrderId",
    "orderedAt",
    "customerId",
    "customerName",
    "shippingAddress",
    "productId",
    "productName",
    "unitPrice",
    "quantity",
    "deliveryCharge",
    "lineTotal",
    "orderStatus",
    "paymentMethod",
    "paymentStatus",
    "returnStatus",
    "deliveryDate",
    "closedAt",
    // issue 26, at the end so the columns before keep their places: lineTotal is before the discount
    "couponCode",
    "discount",
  ],
  customers: [
    "customerId",
    "firstName",
    "lastName",
    "number",
    "email",
    "houseNo",
    "areaAddress",
    "city",
    "state",
    "pinCode",
    "gstin",
    "status",
    "registeredAt",
  ],
  // one row per pack (issue 25), the pack import's columns
  products: PACK_IMPORT_COLUMNS,
  carts: ["addToCartId", "customerId", "customerName", "productId", "productName", "unitPrice", "quantity", "addedAt"],
};

// the order list's fields without its product join (image and pack size are not in the file)
const { product: _product, ...orderLineFields } = orderSelect;

const when = (d: Date | null) => (d ? d.toISOString() : "");

/** Pages through a table by id, newest first, BATCH rows at a time. */
async function* byId<T extends Record<K, number>, K extends string>(key: K, page: (before: number | undefined) => Promise<T[]>): AsyncGenerator<T[]> {
  let before: number | undefined;
  for (;;) {
    const rows = await page(before);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < BATCH) return;
    before = rows[rows.length - 1]![key];
  }
}

function orderRows(db: Db, where: Prisma.ProductOrderWhereInput) {
  return byId("orderId", (before) =>
    db.productOrder.findMany({
      where: before === undefined ? where : { AND: [where, { orderId: { lt: before } }] },
      orderBy: { orderId: "desc" },
      take: BATCH,
      select: { ...orderLineFields, order: { select: { paymentMethod: true, couponCode: true } } },
    }),
  );
}

async function* rowsOf(db: Db, input: ExportInput): AsyncGenerator<Row[]> {
  if (input.kind === "orders") {
    for await (const batch of orderRows(db, orderListWhere({ search: input.search, view: input.view }))) {
      yield batch.map((o) => ({
        orderId: o.orderId,
        productOrderId: o.productOrderId,
        orderedAt: when(o.orderAddDateTime),
        customerId: o.customerId,
        customerName: o.customerName,
        shippingAddress: o.shippingAddress,
        productId: o.productId,
        productName: o.productName,
        unitPrice: toRupees(o.productPrice),
        quantity: o.quantity,
        deliveryCharge: toRupees(o.deliveryCharge),
        lineTotal: toRupees(o.orderTotalPrice),
        orderStatus: o.orderStatus,
        paymentMethod: o.order.paymentMethod,
        paymentStatus: o.paymentStatus,
        returnStatus: o.returnStatus,
        deliveryDate: when(o.deliveryDate),
        closedAt: when(o.endDate),
        couponCode: o.order.couponCode ?? "",
        discount: toRupees(o.discount),
      }));
    }
  } else if (input.kind === "customers") {
    const where = customerListWhere(input.search);
    const pages = byId("customerId", (before) =>
      db.customer.findMany({
        where: before === undefined ? where : { AND: [where, { customerId: { lt: before } }] },
        orderBy: { customerId: "desc" },
        take: BATCH,
        select: customerSelect,
      }),
    );
    for await (const batch of pages) {
      yield batch.map(({ customerStatus, createdAt, gstin, ...c }) => ({
        ...c,
        gstin: gstin ?? "",
        status: customerStatus ? "Active" : "Inactive",
        registeredAt: when(createdAt),
      }));
    }
  } else if (input.kind === "products") {
    const where = adminSearch(input.search);
    const pages = byId("productId", (before) =>
      db.product.findMany({
        where: before === undefined ? where : { AND: [where, { productId: { lt: before } }] },
        orderBy: { productId: "desc" },
        take: BATCH,
        select: {
          productId: true,
          productName: true,
          category: true,
          variants: {
            orderBy: [{ position: "asc" }, { variantId: "asc" }],
            select: {
              variantId: true,
              sku: true,
              label: true,
              netQuantity: true,
              netUnit: true,
              mrp: true,
              price: true,
              stock: true,
              hsnCode: true,
              gstRate: true,
              weightGrams: true,
              active: true,
            },
          },
        },
      }),
    );
    for await (const batch of pages) {
      yield batch.flatMap((p) =>
        p.variants.map((v) => ({
          productId: p.productId,
          productName: p.productName,
          category: p.category,
          ...v,
          netQuantity: v.netQuantity === null ? "" : Number(v.netQuantity),
          netUnit: v.netUnit ?? "",
          mrp: toRupees(v.mrp),
          price: toRupees(v.price),
        })),
      );
    }
  } else {
    const where = cartListWhere({ search: input.search });
    const pages = byId("addToCartId", (before) =>
      db.cartItem.findMany({
        where: before === undefined ? where : { AND: [where, { addToCartId: { lt: before } }] },
        orderBy: { addToCartId: "desc" },
        take: BATCH,
        select: {
          addToCartId: true,
          customerId: true,
          productId: true,
          quantity: true,
          addToCartDateTime: true,
          customer: { select: { firstName: true, lastName: true } },
          product: { select: { productName: true, productPrice: true } },
        },
      }),
    );
    for await (const batch of pages) {
      yield batch.map((c) => ({
        addToCartId: c.addToCartId,
        customerId: c.customerId,
        customerName: `${c.customer.firstName} ${c.customer.lastName}`,
        productId: c.productId,
        productName: c.product.productName,
        unitPrice: toRupees(c.product.productPrice),
        quantity: c.quantity,
        addedAt: when(c.addToCartDateTime),
      }));
    }
  }
}

/** The rows of an export, one at a time (a stream's source). */
export async function* exportRows(db: Db, input: ExportInput): AsyncGenerator<Row> {
  for await (const batch of rowsOf(db, input)) yield* batch;
}

/** What an export will hold: checked by the admin procedure before the file is streamed. */
export async function exportInfo(ctx: Pick<Context, "db">, input: ExportInput) {
  const rows =
    input.kind === "orders"
      ? await ctx.db.productOrder.count({ where: orderListWhere({ search: input.search, view: input.view }) })
      : input.kind === "customers"
        ? await ctx.db.customer.count({ where: customerListWhere(input.search) })
        : input.kind === "products"
          ? await ctx.db.productVariant.count({ where: { product: adminSearch(input.search) } })
          : await ctx.db.cartItem.count({ where: cartListWhere({ search: input.search }) });
  return { kind: input.kind, fileName: `${input.kind}-${istDay(new Date())}.csv`, columns: [...EXPORT_COLUMNS[input.kind]], rows, filters: input };
}

/** A spreadsheet runs a cell that starts with = + - @ as a formula: such text is kept as text. */
export const spreadsheetSafe = (value: string): string => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);
