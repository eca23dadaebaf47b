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
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const product = (p: any) => ({
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

app.get("/healthz", async () => ({ status: "ok" }));

app.get<{ Querystring: { search?: string } }>("/products", async (request) => {
  const search = request.query.search;
  const { rows } = search
    ? await pool.query(
        `SELECT ${PRODUCT_COLS} FROM "Product" WHERE "deletedAt" IS NULL AND ("productName" ILIKE $1 OR "productInfo" ILIKE $1 OR "packSize" ILIKE $1 OR "category" ILIKE $1)
         ORDER BY "createdAt" DESC, "productId" DESC LIMIT 500`,
        [`%${search.replace(/[\\%_]/g, "\\$&")}%`],
      )
    : await pool.query(`SELECT ${PRODUCT_COLS} FROM "Product" WHERE "deletedAt" IS NULL ORDER BY "createdAt" DESC, "productId" DESC LIMIT 500`);
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
    pool.query(
      `SELECT o.*, p."imageHash", p."packSize" FROM "ProductOrder" o JOIN "Product" p ON p."productId" = o."productId"
       WHERE ${where} ORDER BY o."orderId" DESC LIMIT 20 OFFSET ${(page - 1) * 20}`,
      params,
    ),
    pool.query(`SELECT count(*)::int AS n FROM "ProductOrder" o WHERE ${where}`, params),
  ]);
  const now = Date.now();
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    items: rows.rows.map((o: any) => {
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
    total: count.rows[0].n,
    page,
    pageSize: 20,
  };
});

await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
