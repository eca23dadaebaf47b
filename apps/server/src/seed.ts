import type { Db } from "@store/db";
import {
  hashPassword,
  seedPincodeDirectory,
  parsePackSize,
  estimatedWeightGrams,
  renderProductImages,
  saveProductImages,
  syncProductFromVariants,
} from "@store/api";
import { productSvg, sampleProductsWithPacks, sampleSku } from "./catalogue.ts";

export interface SeedOptions {
  adminEmail: string;
  adminPassword: string;
  adminPhone?: string;
  sampleProducts: boolean;
}

/**
 * Idempotent: the admin account is created once (its password is not reset on later starts, so a
 * password changed in Settings stays changed), the sample catalogue only fills an empty store, and the
 * PIN-code directory only an empty directory.
 */
export async function seed(db: Db, opts: SeedOptions): Promise<{ admin: boolean; products: number; pincodes: number }> {
  const email = opts.adminEmail.toLowerCase();
  const existing = await db.admin.findUnique({ where: { email }, select: { adminId: true } });
  if (!existing) {
    await db.admin.create({
      data: { name: "Store Admin", email, phone: opts.adminPhone ?? null, passwordHash: await hashPassword(opts.adminPassword) },
    });
  }
  let products = 0;
  if (opts.sampleProducts && (await db.product.count()) === 0) {
    // one product per name, with a pack (variant) per entry of that name (issue 25)
    for (const { product: p, packs } of sampleProductsWithPacks()) {
      const created = await db.product.create({
        data: {
          productName: p.productName,
          packSize: p.packSize,
          productPrice: p.productPrice * 100,
          mainPrice: p.mainPrice * 100,
          offer: p.offer,
          category: p.category,
          deliveryCharge: p.deliveryCharge === "Free" ? null : p.deliveryCharge * 100,
          quantity: p.quantity,
          productInfo: p.productInfo,
          productImgName: `${p.productName.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${p.packSize}.webp`,
        },
        select: { productId: true, hsnCode: true, gstRate: true },
      });
      await db.productVariant.createMany({
        data: packs.map((pack, position) => {
          const net = parsePackSize(pack.packSize);
          return {
            productId: created.productId,
            sku: sampleSku(pack),
            label: pack.packSize,
            netQuantity: net?.netQuantity ?? null,
            netUnit: net?.netUnit ?? null,
            mrp: pack.mainPrice * 100,
            price: pack.productPrice * 100,
            stock: pack.quantity,
            hsnCode: created.hsnCode,
            gstRate: created.gstRate,
            weightGrams: estimatedWeightGrams(net),
            position,
          };
        }),
      });
      await syncProductFromVariants(db, created.productId);
      await saveProductImages(db, created.productId, await renderProductImages(Buffer.from(productSvg(p))));
      products++;
    }
  }
  // every store, sample data or not: the PIN-code directory India Post publishes (issue 27)
  const pincodes = await seedPincodeDirectory(db);
  return { admin: !existing, products, pincodes };
}
