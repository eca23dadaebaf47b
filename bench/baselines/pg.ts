// Baseline "floor of the database work": bare Fastify + pg with hand-written SQL answering the
// same product list, product search and admin order page as the store (same rows, same JSON
// fields), with the same pool size. No auth, no validation, no ORM: only the SQL and JSON.
import Fastify from "fastify";
import pg from "pg";

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify({ logger: false });
const rupees = (paise: number) => paise / 100;
const img = (id: number, hash: string | null, size: number) => (hash ? `/images/products/${id}/${size}/${hash}.webp` : null);

const PRODUCT_COLS = `"productId","productName","productPrice","mainPrice","offer","packSize","productInfo","category","deliveryCharge","quantity","productImgName","imageHash","createdAt","updatedAt"`;
/** a row of PRODUCT_COLS (prisma/schema.prisma: money in paise; pg gives int4 as number, timestamps as Date) */
interface ProductRow {
  productId: number;
  productName: string;
  productPrice: number;
  mainPrice: number;
  offer: string;
  packSize: string;
  productInfo: string;
  category: string;
  deliveryCharge: number | null;
  quantity: number;
  productImgName: string | null;
  imageHash: string | null;
  createdAt: Date;
  updatedAt: Date;
}
/** a row of `o.*, p."imageHash", p."packSize"` below */
interface OrderRow {
  orderId: number;
  productOrderId: string;
  customerId: number;
  customerName: string;
  shippingAddress: string;
  productId: number;
  productName: string;
  productPrice: number;
  deliveryCharge: number;
  orderTotalPrice: number;
  quantity: number;
  paymentStatus: string;
  returnStatus: string;
  returnReason: string | null;
  returnRequestedAt: Date | null;
  orderStatus: string;
  deliveryDate: Date;
  startDate: Date;
  endDate: Date | null;
  orderAddDateTime: Date;
  updatedAt: Date;
  imageHash: string | null;
  packSize: string;
}
const product = (p: ProductRow) => ({
  productId: p.productId,
  productName: p.productName,
  productPrice: rupees(p.productPrice),
  mainPrice: rupees(p.mainPrice),
  offer: p.offer,
  packSize: p.packSize,
  productInfo: p.productInfo,
  category: p.category,
  deliveryCharge: p.deliveryCharge === null ? "Free" : rupees(p.deliveryCharge),
  quantity: p.quantity,
  inStock: p.quantity > 0,
  productImgName: p.productImgName,
  productImg: img(p.productId, p.imageHash, 396),
  productImgSmall: img(p.productId, p.imageHash, 150),
  productImgThumb: img(p.productId, p.imageHash, 100),
  createdAt: p.createdAt,
  updatedAt: p.updatedAt,
});

app.get("/healthz", () => ({ status: "ok" }));

app.get<{ Querystring: { search?: string } }>("/products", async (request) => {
  const search = request.query.search;
  const { rows } = search
    ? await pool.query<ProductRow>(
        `SELECT ${PRODUCT_COLS} FROM "Product" WHERE "deletedAt" IS NULL AND ("productName" ILIKE $1 OR "productInfo" ILIKE $1 OR "packSize" ILIKE $1 OR "category" ILIKE $1)
         ORDER BY "createdAt" DESC, "productId" DESC LIMIT 500`,
        [`%${search.replace(/[\\%_]/g, "\\$&")}%`],
      )
    : await pool.query<ProductRow>(`SELECT ${PRODUCT_COLS} FROM "Product" WHERE "deletedAt" IS NULL ORDER BY "createdAt" DESC, "productId" DESC LIMIT 500`);
  return rows.map(product);
});

const STATUSES = ["Shipped", "On the way", "Ready for pickup", "Completed", "Cancelled"];
app.get<{ Querystring: { page?: string; search?: string } }>("/orders", async (request) => {
  const page = Math.max(1, Number(request.query.page ?? 1) || 1);
  const q = (request.query.search ?? "").trim();
  const params: unknown[] = [];
  let where = "TRUE";
  if (q) {
    params.push(`%${q.replace(/[\\%_]/g, "\\$&")}%`);
    // as the store does: a status word is matched here and compared exactly in SQL
    const status = STATUSES.find((st) => st.toLowerCase() === q.toLowerCase());
    const payment = ["Pending", "Paid"].find((st) => st.toLowerCase() === q.toLowerCase());
    where = `(o."productName" ILIKE $1 OR o."productOrderId" ILIKE $1 OR o."customerName" ILIKE $1${status ? ` OR o."orderStatus" = '${status}'` : ""}${payment ? ` OR o."paymentStatus" = '${payment}'` : ""})`;
  }
  const [rows, count] = await Promise.all([
    pool.query<OrderRow>(
      `SELECT o.*, p."imageHash", p."packSize" FROM "ProductOrder" o JOIN "Product" p ON p."productId" = o."productId"
       WHERE ${where} ORDER BY o."orderId" DESC LIMIT 20 OFFSET ${(page - 1) * 20}`,
      params,
    ),
    pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM "ProductOrder" o WHERE ${where}`, params),
  ]);
  const now = Date.now();
  return {
    items: rows.rows.map((o) => {
      const s = STATUSES.indexOf(o.orderStatus);
      const cancelled = o.orderStatus === "Cancelled";
      return {
        orderId: o.orderId,
        productOrderId: o.productOrderId,
        customerId: o.customerId,
        customerName: o.customerName,
        shippingAddress: o.shippingAddress,
        productId: o.productId,
        productName: o.productName,
        productPrice: rupees(o.productPrice),
        deliveryCharge: rupees(o.deliveryCharge),
        orderTotalPrice: rupees(o.orderTotalPrice),
        quantity: o.quantity,
        packSize: o.packSize,
        paymentStatus: o.paymentStatus,
        returnStatus: o.returnStatus,
        returnReason: o.returnReason,
        returnRequestedAt: o.returnRequestedAt,
        orderStatus: o.orderStatus,
        deliveryDate: o.deliveryDate,
        startDate: o.startDate,
        endDate: o.endDate,
        orderAddDateTime: o.orderAddDateTime,
        ProductOrderDate: o.orderAddDateTime,
        confirmOrder: !cancelled,
        onTheWay: !cancelled && s >= 1,
        pickUp: !cancelled && s >= 2,
        canRequestReturn: o.orderStatus === "Completed" && o.returnStatus === "Pending" && o.endDate !== null && now - o.endDate.getTime() <= 7 * 864e5,
        productImg: img(o.productId, o.imageHash, 150),
        updatedAt: o.updatedAt,
      };
    }),
    total: count.rows[0]?.n ?? 0,
    page,
    pageSize: 20,
  };
});

await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
