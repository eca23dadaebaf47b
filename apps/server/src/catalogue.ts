// The sample catalogue seeded into an empty store (pack sizes 250–5000 ml, ₹39–649, spec §9). One entry a
// pack: entries of one productName are one product with several packs (issue 25), the first entry
// giving the product its details, image and category; seed.ts groups them.
export interface SampleProduct {
  productName: string;
  packSize: string;
  productPrice: number;
  mainPrice: number;
  offer: string;
  category: string;
  deliveryCharge: number | "Free";
  quantity: number;
  productInfo: string;
  colour: string;
}

export const SAMPLE_PRODUCTS: SampleProduct[] = [
  {
    productName: "Floor Shine Lavender Cleaner",
    packSize: "500ml",
    productPrice: 89,
    mainPrice: 110,
    offer: "19% off",
    category: "Floor Care",
    deliveryCharge: "Free",
    quantity: 120,
    colour: "#8e6cc9",
    productInfo:
      "Lavender-scented floor cleaner for tiles, marble and mosaic. Kills 99.9% of germs and leaves a streak-free shine. Dilute 2 caps in half a bucket of water.",
  },
  {
    productName: "Floor Shine Lavender Cleaner",
    packSize: "2000ml",
    productPrice: 299,
    mainPrice: 360,
    offer: "17% off",
    category: "Floor Care",
    deliveryCharge: "Free",
    quantity: 60,
    colour: "#7a58b8",
    productInfo: "Family pack of the lavender floor cleaner. Safe on tiles, marble and granite. Dilute 2 caps in half a bucket of water.",
  },
  {
    productName: "Floor Shine Lavender Cleaner",
    packSize: "5 L",
    productPrice: 649,
    mainPrice: 799,
    offer: "19% off",
    category: "Floor Care",
    deliveryCharge: "Free",
    quantity: 20,
    colour: "#6a4aa5",
    productInfo: "Economy can of the lavender floor cleaner.",
  },
  {
    productName: "Citrus Dishwash Gel",
    packSize: "250ml",
    productPrice: 39,
    mainPrice: 45,
    offer: "13% off",
    category: "Kitchen",
    deliveryCharge: 20,
    quantity: 200,
    colour: "#f2b705",
    productInfo: "Lemon-powered dishwash gel that cuts through oil and grease. Gentle on hands. A spoonful cleans a sink full of utensils.",
  },
  {
    productName: "Citrus Dishwash Gel",
    packSize: "750ml",
    productPrice: 99,
    mainPrice: 125,
    offer: "21% off",
    category: "Kitchen",
    deliveryCharge: "Free",
    quantity: 150,
    colour: "#e0a800",
    productInfo: "Lemon dishwash gel in a value bottle. Removes tough oil and masala stains from kadhais and tiffins.",
  },
  {
    productName: "Toilet Bowl Power Cleaner",
    packSize: "500ml",
    productPrice: 79,
    mainPrice: 99,
    offer: "20% off",
    category: "Bathroom",
    deliveryCharge: "Free",
    quantity: 140,
    colour: "#1f77b4",
    productInfo: "Thick liquid that clings under the rim and removes yellow stains and hard-water deposits. Kills 99.9% of germs.",
  },
  {
    productName: "Bathroom Tile & Tap Cleaner",
    packSize: "500ml",
    productPrice: 109,
    mainPrice: 135,
    offer: "19% off",
    category: "Bathroom",
    deliveryCharge: "Free",
    quantity: 90,
    colour: "#2ca02c",
    productInfo: "Removes soap scum, limescale and hard-water marks from tiles, taps and shower glass. Spray, wait 2 minutes, wipe.",
  },
  {
    productName: "Glass Sparkle Spray",
    packSize: "500ml",
    productPrice: 75,
    mainPrice: 90,
    offer: "17% off",
    category: "Glass & Surfaces",
    deliveryCharge: 25,
    quantity: 110,
    colour: "#17becf",
    productInfo: "Streak-free cleaner for windows, mirrors and glass tables. Ammonia-free formula with a fresh scent.",
  },
  {
    productName: "Multi-Surface Disinfectant Spray",
    packSize: "450ml",
    productPrice: 149,
    mainPrice: 180,
    offer: "17% off",
    category: "Disinfectants",
    deliveryCharge: "Free",
    quantity: 80,
    colour: "#d62728",
    productInfo: "Kills 99.9% of germs on kitchen counters, door handles, switches and tables. No rinse needed on food-contact surfaces after 10 minutes.",
  },
  {
    productName: "Disinfectant Liquid Pine",
    packSize: "1000ml",
    productPrice: 189,
    mainPrice: 230,
    offer: "18% off",
    category: "Disinfectants",
    deliveryCharge: "Free",
    quantity: 70,
    colour: "#3a7d44",
    productInfo: "Pine disinfectant for floors, drains and laundry. Dilute 1 cap in a litre of water for mopping, or add to the last rinse.",
  },
  {
    productName: "Liquid Detergent Front Load",
    packSize: "1000ml",
    productPrice: 199,
    mainPrice: 250,
    offer: "20% off",
    category: "Laundry",
    deliveryCharge: "Free",
    quantity: 100,
    colour: "#4c6ef5",
    productInfo: "Low-foam liquid detergent made for front-load machines. Removes tough stains even in a quick wash, keeps colours bright.",
  },
  {
    productName: "Liquid Detergent Top Load",
    packSize: "2000ml",
    productPrice: 349,
    mainPrice: 420,
    offer: "17% off",
    category: "Laundry",
    deliveryCharge: "Free",
    quantity: 50,
    colour: "#364fc7",
    productInfo: "Liquid detergent for top-load machines and bucket wash. Dissolves fully in cold water, no white residue.",
  },
  {
    productName: "Fabric Softener Rose",
    packSize: "800ml",
    productPrice: 159,
    mainPrice: 190,
    offer: "16% off",
    category: "Laundry",
    deliveryCharge: 30,
    quantity: 75,
    colour: "#e64980",
    productInfo: "Makes clothes soft and easy to iron, with a lasting rose fragrance. Add one cap to the final rinse.",
  },
  {
    productName: "Kitchen Degreaser Spray",
    packSize: "500ml",
    productPrice: 129,
    mainPrice: 160,
    offer: "19% off",
    category: "Kitchen",
    deliveryCharge: "Free",
    quantity: 85,
    colour: "#f76707",
    productInfo: "Cuts burnt-on grease from chimneys, gas stoves and tiles behind the hob. Spray, leave for a minute, wipe with a damp cloth.",
  },
  {
    productName: "Hand Wash Neem & Tulsi",
    packSize: "250ml",
    productPrice: 49,
    mainPrice: 60,
    offer: "18% off",
    category: "Bathroom",
    deliveryCharge: 20,
    quantity: 180,
    colour: "#5c940d",
    productInfo: "Germ-protection hand wash with neem and tulsi extracts. Rich lather, soft on skin, pH balanced.",
  },
  {
    productName: "Floor Cleaner Bulk Can",
    packSize: "5000ml",
    productPrice: 378,
    mainPrice: 480,
    offer: "21% off",
    category: "Floor Care",
    deliveryCharge: "Free",
    quantity: 30,
    colour: "#5f3dc4",
    productInfo: "Economy can of floor cleaner for shops, offices and large homes. Fresh floral scent, dilute 1:100 for daily mopping.",
  },
  {
    productName: "Stainless Steel Polish",
    packSize: "250ml",
    productPrice: 119,
    mainPrice: 140,
    offer: "15% off",
    category: "Glass & Surfaces",
    deliveryCharge: 25,
    quantity: 60,
    colour: "#868e96",
    productInfo: "Restores shine to steel sinks, utensils and appliances, and leaves a film that resists fingerprints.",
  },
  {
    productName: "Drain Cleaner Gel",
    packSize: "500ml",
    productPrice: 139,
    mainPrice: 170,
    offer: "18% off",
    category: "Bathroom",
    deliveryCharge: "Free",
    quantity: 55,
    colour: "#495057",
    productInfo: "Clears slow and blocked drains in kitchens and bathrooms. Pour half the bottle, wait 30 minutes, flush with hot water.",
  },
  {
    productName: "All-Purpose Cleaner Refill",
    packSize: "1000ml",
    productPrice: 169,
    mainPrice: 199,
    offer: "15% off",
    category: "General",
    deliveryCharge: "Free",
    quantity: 95,
    colour: "#0ca678",
    productInfo: "One cleaner for counters, appliances, doors and walls. Refill pack for your spray bottle; biodegradable surfactants.",
  },
];

/** A sample pack's SKU: the initials of its product and its pack size, e.g. "CDG-250ML" for Citrus Dishwash Gel 250ml. */
export function sampleSku(p: Pick<SampleProduct, "productName" | "packSize">): string {
  const initials = p.productName
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase())
    .join("");
  return `${initials}-${p.packSize.toUpperCase().replace(/[^A-Z0-9]+/g, "")}`;
}

/** The sample catalogue as products: each productName once, with its packs in the order listed. */
export function sampleProductsWithPacks(): { product: SampleProduct; packs: SampleProduct[] }[] {
  const byName = new Map<string, { product: SampleProduct; packs: SampleProduct[] }>();
  for (const p of SAMPLE_PRODUCTS) {
    const group = byName.get(p.productName);
    if (group) group.packs.push(p);
    else byName.set(p.productName, { product: p, packs: [p] });
  }
  return [...byName.values()];
}

/** A simple bottle illustration in the product's colour; rendered to WebP by the image pipeline. */
export function productSvg(p: SampleProduct): string {
  const label = p.productName.length > 22 ? `${p.productName.slice(0, 21)}…` : p.productName;
  const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600">
  <rect width="600" height="600" fill="#f4f7fb"/>
  <circle cx="300" cy="330" r="230" fill="${p.colour}" opacity="0.12"/>
  <rect x="262" y="70" width="76" height="60" rx="10" fill="#333"/>
  <rect x="245" y="120" width="110" height="40" rx="8" fill="${p.colour}" opacity="0.85"/>
  <rect x="180" y="150" width="240" height="370" rx="48" fill="${p.colour}"/>
  <rect x="200" y="250" width="200" height="170" rx="16" fill="#ffffff" opacity="0.92"/>
  <text x="300" y="305" font-family="DejaVu Sans, Arial, sans-serif" font-size="22" font-weight="bold" text-anchor="middle" fill="#222">${escape(label.split(" ").slice(0, 2).join(" "))}</text>
  <text x="300" y="340" font-family="DejaVu Sans, Arial, sans-serif" font-size="18" text-anchor="middle" fill="#444">${escape(label.split(" ").slice(2).join(" "))}</text>
  <text x="300" y="392" font-family="DejaVu Sans, Arial, sans-serif" font-size="30" font-weight="bold" text-anchor="middle" fill="${p.colour}">${escape(p.packSize)}</text>
</svg>`;
}
