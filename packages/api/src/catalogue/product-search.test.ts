// The storefront search that forgives typing (issues 18 and 23): exact and prefix matches first,
// then substrings, then the words of a search apart (the name before the details), then close
// spellings (pg_trgm), and the owner's synonym list. Procedure tests on the test database (PGlite,
// or PostgreSQL with TEST_DATABASE_URL: the ranking is the same on both).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_SEARCH_SYNONYMS, searchSynonymsSchema, SYNONYM_LIMITS } from "@store/validators";
import { createTestEnv, productFields, type TestEnv } from "../testing.ts";
import { createCallerFactory } from "../trpc.ts";
import { appRouter } from "../root.ts";
import { createInnerContext } from "../context.ts";
import { createProductCache } from "./product-cache.ts";

let env: TestEnv;
const id: Record<string, number> = {};
/** each product once, in this order (createdAt ascending: later ones are "newer") */
const CATALOGUE: { name: string; price: number; info?: string }[] = [
  { name: "Liquid Detergent", price: 199 },
  { name: "Detergents Bulk Pack", price: 499 },
  { name: "Deterrent Spray", price: 149, info: "Keeps pests away from the balcony." },
  { name: "Lavender Floor Cleaner", price: 89 },
  { name: "Lavenders Fresh Mist", price: 129 },
  { name: "Lavanda Room Spray", price: 139 },
  { name: "Citrus Dishwash Gel", price: 39 },
  { name: "Dish Washer Tabs", price: 349 },
  { name: "Multi-Surface Disinfectant", price: 159 },
  { name: "Toilet Bowl Power Cleaner", price: 99 },
  { name: "Drain Cleaner Gel", price: 79 },
  { name: "Polishing Cloth", price: 59 },
  { name: "Steel Polish", price: 119 },
  { name: "Wood Care Oil", price: 299, info: "A polish for teak and sheesham furniture." },
  { name: "Polis Cream", price: 69 },
  { name: "Polish", price: 49 },
  { name: "Black Phenyl Concentrate", price: 110 },
  { name: "Spin Mop Bucket", price: 899 },
  { name: "Pocha Cloth Set", price: 149 },
  { name: "Coconut Broom", price: 120 },
];

beforeAll(async () => {
  env = await createTestEnv();
  for (const p of CATALOGUE) {
    id[p.name] = await env.newProduct({ productName: p.name, productPrice: p.price, mainPrice: p.price + 20, productInfo: p.info ?? "For a clean home." });
  }
});
afterAll(() => env.close());

const names = async (search: string, sort?: "relevance" | "newest" | "priceAsc" | "priceDesc" | "name") =>
  (await env.anonymous.products.list({ search, ...(sort ? { sort } : {}) })).map((p) => p.productName);

describe("products.list search: misspellings", () => {
  it("finds the four misspellings of the issue, closest spelling first, and nothing unrelated", async () => {
    // Liquid Detergent is closer to "detergnt" than Detergents Bulk Pack; "Deterrent" is not close enough
    expect(await names("detergnt")).toEqual(["Liquid Detergent", "Detergents Bulk Pack"]);
    // Lavender (0.83) before Lavenders (0.75); Lavanda (0.50) is left out
    expect(await names("lavendar")).toEqual(["Lavender Floor Cleaner", "Lavenders Fresh Mist"]);
    // both cleaners are equally close ("clnr"): newest first
    expect(await names("clenar")).toEqual(["Drain Cleaner Gel", "Toilet Bowl Power Cleaner", "Lavender Floor Cleaner"]);
    // the dishwash before the dish washer tabs; the disinfectant (also "dis…") is not close
    expect(await names("dishwsh")).toEqual(["Citrus Dishwash Gel", "Dish Washer Tabs"]);
  });

  it("finds nothing for a word like nothing in the shop, and does not flood a misspelling with every product", async () => {
    expect(await names("zzqx")).toEqual([]);
    expect(await names("no such cleaner xyz")).toEqual([]);
    expect((await names("detergnt")).length).toBeLessThan(CATALOGUE.length / 4);
    // a search with a number is matched as typed: a number close to another names another product
    expect(await names("Toilet Bowl Power Cleanr")).toEqual(["Toilet Bowl Power Cleaner"]);
    expect(await names("Toilet Bowl Power Cleaner 2")).toEqual([]);
  });

  it("ranks the whole name, then a name or word starting with it, then details, then close spellings", async () => {
    // Polish = the search; Steel Polish and Polishing Cloth start a word with it (newest first);
    // Wood Care Oil says it in its details; Polis Cream is a close spelling
    expect(await names("polish")).toEqual(["Polish", "Steel Polish", "Polishing Cloth", "Wood Care Oil", "Polis Cream"]);
    expect(await names("POLISH")).toEqual(await names("polish"));
    // a name that only contains it comes after the names that start with it
    const wash = await names("wash");
    expect(wash.indexOf("Dish Washer Tabs")).toBeLessThan(wash.indexOf("Citrus Dishwash Gel"));
  });

  it("looks for close spellings only while fewer than 5 products match as typed", async () => {
    const extra = await env.newProduct({ productName: "Polish Remover Pads" });
    try {
      // now five match "polish" as typed: no close spellings are added
      expect(await names("polish")).toEqual(["Polish", "Polish Remover Pads", "Steel Polish", "Polishing Cloth", "Wood Care Oil"]);
    } finally {
      await env.admin.products.remove({ productId: extra });
    }
    expect(await names("polish")).toContain("Polis Cream");
  });

  it("honours an explicit sort over what matched; relevance is the default of a search only", async () => {
    expect(await names("detergnt", "priceAsc")).toEqual(["Liquid Detergent", "Detergents Bulk Pack"]);
    expect(await names("detergnt", "priceDesc")).toEqual(["Detergents Bulk Pack", "Liquid Detergent"]);
    expect(await names("lavendar", "name")).toEqual(["Lavender Floor Cleaner", "Lavenders Fresh Mist"]);
    expect(await names("polish", "newest")).toEqual(["Polish", "Polis Cream", "Wood Care Oil", "Steel Polish", "Polishing Cloth"]);
    expect(await names("polish", "relevance")).toEqual(await names("polish"));
    // without a search, relevance is newest first, as before
    const all = await env.anonymous.products.list({ sort: "relevance" });
    expect(all.map((p) => p.productName)).toEqual(await env.anonymous.products.list().then((l) => l.map((p) => p.productName)));
    expect(all[0]?.productName).toBe("Coconut Broom");
  });

  it("pages the storefront grid of a fuzzy search and counts its matches", async () => {
    const shelf = await env.anonymous.products.shelf({ search: "clenar" });
    expect(shelf.total).toBe(3);
    expect(shelf.items.map((p) => p.productName)).toEqual(["Drain Cleaner Gel", "Toilet Bowl Power Cleaner", "Lavender Floor Cleaner"]);
    const past = await env.anonymous.products.shelf({ search: "clenar", page: 2 });
    expect(past).toMatchObject({ items: [], total: 3, page: 2 });
    const inCategory = await env.anonymous.products.shelf({ search: "clenar", category: "Kitchen" });
    expect(inCategory.total).toBe(0);
  });

  it("keeps % and _ literal, binds what is typed, and still caps a search at 100 characters", async () => {
    expect(await names("100%")).toEqual([]);
    expect(await names("a_b")).toEqual([]);
    expect(await names(`polish' OR 1=1 --`)).toEqual([]);
    expect(await names(`'; DROP TABLE "Product"; --`)).toEqual([]);
    expect(await names("x".repeat(100))).toEqual([]);
    await expect(env.anonymous.products.list({ search: "x".repeat(101) })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringContaining("Search is at most 100 characters") as string,
    });
    expect((await env.anonymous.products.list()).length).toBe(CATALOGUE.length);
  });
});

describe("products.list search: the words of a search apart, the name before the details (issue 23)", () => {
  it("finds a search's words in any order, each starting a word of the name (tier 3) or of the details (tier 4)", async () => {
    expect(await names("cleaner toilet")).toEqual(["Toilet Bowl Power Cleaner"]);
    expect(await names("oil care")).toEqual(["Wood Care Oil"]);
    // a word apart starts a word: "il" is in "Oil" but starts none ("loo" is not "Floor")
    expect(await names("il care")).toEqual([]);
    // the phrase as typed is still found inside a word
    expect(await names("ish washer")).toEqual(["Dish Washer Tabs"]);
    // a search with a number is matched as a phrase only
    expect(await names("bowl 99")).toEqual([]);
  });

  it("ranks the words in the name above the same words only in the category, and those above the details, whatever is newer", async () => {
    const made: number[] = [];
    const make = async (productName: string, productInfo: string, category: "Kitchen" | "General" = "General") => {
      made.push((await env.admin.products.save(productFields({ productName, productInfo, category }))).product.productId);
    };
    try {
      await make("Lemon Scrub Pad", "Scrubs pans.", "Kitchen"); // name and category
      await make("Lemon Air Spray", "Freshens the kitchen."); // name and details
      await make("Room Freshener Gel", "Lemon scent for the kitchen."); // details only
      await make("Lemon Kitchen Towel", "Soft paper."); // both words in the name, apart
      await make("Kitchen Lemon Wipes", "Wipes."); // the phrase starts the name
      expect(await names("kitchen lemon")).toEqual(["Kitchen Lemon Wipes", "Lemon Kitchen Towel", "Lemon Scrub Pad", "Lemon Air Spray", "Room Freshener Gel"]);
      // an explicit sort still orders what matched
      expect(await names("kitchen lemon", "newest")).toEqual([
        "Kitchen Lemon Wipes",
        "Lemon Kitchen Towel",
        "Room Freshener Gel",
        "Lemon Air Spray",
        "Lemon Scrub Pad",
      ]);
    } finally {
      for (const productId of made) await env.admin.products.remove({ productId });
    }
  });

  it("forgives a misspelt word of a longer search, in any order: each word is in the product or spelt close to a word of its name", async () => {
    expect(await names("bowl clenar")).toEqual(["Toilet Bowl Power Cleaner"]);
    expect(await names("clenar toilet")).toEqual(["Toilet Bowl Power Cleaner"]);
    expect(await names("lavendar cleaner")).toEqual(["Lavender Floor Cleaner"]);
    expect(await names("flor clenar")).toEqual(["Lavender Floor Cleaner"]);
    // every word must be found: a close name is not enough
    expect(await names("lavendar zzqx")).toEqual([]);
  });
});

describe("search synonyms (Settings)", () => {
  it("starts with the default list, which reads back as itself within the limits", () => {
    expect(searchSynonymsSchema.parse([...DEFAULT_SEARCH_SYNONYMS])).toEqual([...DEFAULT_SEARCH_SYNONYMS]);
    expect(DEFAULT_SEARCH_SYNONYMS.length).toBeLessThanOrEqual(SYNONYM_LIMITS.lines / 2);
  });

  it("the default list: fenyl finds phenyl, pocha finds mops (one way), Hindi and brand names find what they mean", async () => {
    expect((await env.admin.settings.get()).searchSynonyms).toEqual([...DEFAULT_SEARCH_SYNONYMS]);
    expect(await names("fenyl")).toEqual(["Black Phenyl Concentrate"]);
    expect(await names("phenyle")).toEqual(["Black Phenyl Concentrate"]);
    expect(await names("pocha")).toEqual(["Pocha Cloth Set", "Spin Mop Bucket"]);
    // "pocha => mop" is one way: a search for a mop is not a search for a pocha
    expect(await names("mop")).toEqual(["Spin Mop Bucket"]);
    expect(await names("jhadu")).toEqual(["Coconut Broom"]);
    // a synonym replaces a word of a longer search
    expect(await names("fenyl concentrate")).toEqual(["Black Phenyl Concentrate"]);
    expect(await names("फिनाइल")).toEqual(["Black Phenyl Concentrate"]);
    expect(await names("baalti")).toEqual(["Spin Mop Bucket"]);
    expect(await names("harpic")).toEqual(["Toilet Bowl Power Cleaner"]);
    expect(await names("vim")).toEqual(["Citrus Dishwash Gel", "Dish Washer Tabs"]);
    expect(await names("surf excel")).toEqual(["Detergents Bulk Pack", "Liquid Detergent"]);
  });

  it("lists what the search as typed found before what only a synonym found, in the same tier", async () => {
    try {
      await env.admin.settings.update({ searchSynonyms: [...DEFAULT_SEARCH_SYNONYMS, "mop, pocha"] });
      // both names start with a term; the Pocha Cloth Set is newer, but "mop" is what was typed
      expect(await names("mop")).toEqual(["Spin Mop Bucket", "Pocha Cloth Set"]);
      expect(await names("pocha")).toEqual(["Pocha Cloth Set", "Spin Mop Bucket"]);
    } finally {
      await env.admin.settings.update({ searchSynonyms: [...DEFAULT_SEARCH_SYNONYMS] });
    }
  });

  it("takes an edit by the owner at once, on the list and the grid", async () => {
    expect(await names("dolchi")).toEqual([]);
    const saved = await env.admin.settings.update({ searchSynonyms: " Phenyl ,  FENYL \n\n dolchi=>bucket \r\n" });
    expect(saved.searchSynonyms).toEqual(["phenyl, fenyl", "dolchi => bucket"]);
    expect(await names("dolchi")).toEqual(["Spin Mop Bucket"]);
    expect((await env.anonymous.products.shelf({ search: "dolchi" })).items.map((p) => p.productName)).toEqual(["Spin Mop Bucket"]);
    // the pocha line is gone
    expect(await names("pocha")).toEqual(["Pocha Cloth Set"]);
    expect(await names("fenyl")).toEqual(["Black Phenyl Concentrate"]);
    // an empty list switches synonyms off
    await env.admin.settings.update({ searchSynonyms: [] });
    expect((await env.admin.settings.get()).searchSynonyms).toEqual([]);
    expect(await names("dolchi")).toEqual([]);
    await env.admin.settings.update({ searchSynonyms: [...DEFAULT_SEARCH_SYNONYMS] });
    expect(await names("pocha")).toEqual(["Pocha Cloth Set", "Spin Mop Bucket"]);
  });

  it("refuses lines it cannot read, naming the line, and changes nothing", async () => {
    const refused = async (searchSynonyms: string | string[], message: RegExp) => {
      await expect(env.admin.settings.update({ searchSynonyms })).rejects.toMatchObject({ code: "BAD_REQUEST", message });
    };
    await refused(["phenyl"], /line 1: name at least two words/);
    await refused("phenyl, fenyl\npocha => mop => broom", /line 2: use => at most once/);
    await refused(["pocha =>"], /line 1: put words on both sides/);
    await refused(["mop => mop, broom"], /"mop" is on both sides/);
    await refused(["100%, percent"], /"100%" may hold only letters/);
    await refused([`${"a".repeat(41)}, b`], /longer than 40 characters/);
    await refused([Array.from({ length: 11 }, (_, i) => `w${i}`).join(", ")], /at most 10 words/);
    await refused(
      Array.from({ length: 201 }, (_, i) => `w${i}, v${i}`),
      /At most 200 synonym lines/,
    );
    expect((await env.admin.settings.get()).searchSynonyms).toEqual([...DEFAULT_SEARCH_SYNONYMS]);
    // words in any script
    const hindi = await env.admin.settings.update({ searchSynonyms: [...DEFAULT_SEARCH_SYNONYMS, "झाड़ू, jhadu => broom"] });
    expect(hindi.searchSynonyms.at(-1)).toBe("झाड़ू, jhadu => broom");
    expect(await names("झाड़ू")).toEqual(["Coconut Broom"]);
    await env.admin.settings.update({ searchSynonyms: [...DEFAULT_SEARCH_SYNONYMS] });
  });

  it("is the owner's to change", async () => {
    const { caller } = await env.newCustomer();
    await expect(caller.settings.update({ searchSynonyms: ["a, b"] })).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});

describe("the cost a guest's searches can cause (issue 22)", () => {
  const createCaller = createCallerFactory(appRouter);
  /** a guest at `clientIp` whose database statements are counted */
  function countedGuest(clientIp: string) {
    let statements = 0;
    const db = new Proxy(env.handle.db, {
      get(target, key) {
        const value: unknown = Reflect.get(target, key);
        if (key !== "$queryRaw" || typeof value !== "function") return value;
        return (...args: unknown[]) => {
          statements++;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    const caller = createCaller(createInnerContext({ db, services: env.services, auth: null, clientIp }));
    return { caller, statements: () => statements };
  }
  const closeSpellings = () => env.services.productCache.searchGate.started;

  it("a batch of 20 different long misspelt searches runs no close-spelling statement: one statement each", async () => {
    const guest = countedGuest("203.0.113.7");
    const before = closeSpellings();
    const searches = Array.from({ length: 20 }, (_, i) => `lavendar flor clenar with dishwsh gell and detergnt powdr ${"abcdefghijklmnopqrst"[i]}`);
    for (const search of searches) expect(search.length).toBeLessThanOrEqual(100);
    const answers = await Promise.all(searches.map((search) => guest.caller.products.list({ search })));
    expect(answers.every((a) => a.length === 0)).toBe(true);
    expect(closeSpellings()).toBe(before);
    expect(guest.statements()).toBe(20);
    // a short misspelling still finds what was meant
    expect((await guest.caller.products.list({ search: "lavendar" })).map((p) => p.productName)).toEqual(["Lavender Floor Cleaner", "Lavenders Fresh Mist"]);
    expect(closeSpellings()).toBe(before + 1);
  });

  it("close spellings of one guest's many short misspellings run one at a time, and every answer is whole", async () => {
    const guest = countedGuest("203.0.113.8");
    const misspelt = ["detergnt", "dishwsh", "clenar", "lavendr", "polsh", "detergant", "dishwassh", "cleanar"];
    const answers = await Promise.all(misspelt.map((search) => guest.caller.products.list({ search })));
    for (const [i, answer] of answers.entries()) expect(answer.length, misspelt[i]).toBeGreaterThan(0);
    expect(env.services.productCache.searchGate.mostAtOnce).toBeLessThanOrEqual(1);
  });

  it("identical searches with other case and spacing share one kept answer: no statement for the second", async () => {
    const guest = countedGuest("203.0.113.9");
    const first = await guest.caller.products.list({ search: "Coconut  BROOM" });
    const after = guest.statements();
    expect(after).toBeGreaterThan(0);
    expect(await guest.caller.products.list({ search: "coconut broom" })).toEqual(first);
    expect(await guest.caller.products.list({ search: " COCONUT Broom " })).toEqual(first);
    expect(first.map((p) => p.productName)).toEqual(["Coconut Broom"]);
    const shelf = await guest.caller.products.shelf({ search: "Spin MOP" });
    const afterShelf = guest.statements();
    expect(await guest.caller.products.shelf({ search: "spin   mop" })).toEqual(shelf);
    expect(guest.statements()).toBe(afterShelf);
    // a product write empties the kept answers: the next search reads the database again
    const productId = await env.newProduct({ productName: "Coconut Broom Mini" });
    try {
      expect((await guest.caller.products.list({ search: "COCONUT broom" })).map((p) => p.productName)).toEqual(["Coconut Broom", "Coconut Broom Mini"]);
      expect(guest.statements()).toBeGreaterThan(afterShelf);
    } finally {
      await env.admin.products.remove({ productId });
    }
  });

  it("a client with too many close-spelling searches waiting is refused (429), never another client sharing the same search", async () => {
    const productCache = createProductCache(env.services.productEvents, { searchGate: { concurrency: 1, maxWaitingPerClient: 2 } });
    const as = (clientIp: string) => createCaller(createInnerContext({ db: env.handle.db, services: { ...env.services, productCache }, auth: null, clientIp }));
    const misspelt = ["lavendar", "detergnt", "dishwsh", "clenar"];
    const a = as("198.51.100.1");
    const b = as("198.51.100.2");
    // a third client holds the only slot, so a's four searches all wait at the gate whatever the
    // database's speed (on PostgreSQL a's first could otherwise finish before its fourth arrives)
    let unblock = () => {};
    const held = productCache.searchGate.closeSpelling("198.51.100.9", () => new Promise<void>((resolve) => (unblock = resolve)));
    // b asks the very searches a asks, at the same moment: it shares a's loads, and runs again (as b) those refused for a
    const calls = [...misspelt.map((search) => a.products.list({ search })), ...misspelt.map((search) => b.products.list({ search }))];
    const firstRefusalForA = Promise.race(
      calls.slice(0, 4).map((call) =>
        call.then(
          () => new Promise<void>(() => {}),
          () => undefined,
        ),
      ),
    );
    await Promise.race([firstRefusalForA, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    unblock();
    await held;
    const results = await Promise.allSettled(calls);
    const refusedForA = results.slice(0, 4).filter((r) => r.status === "rejected");
    expect(refusedForA.length).toBeGreaterThan(0);
    for (const r of refusedForA)
      expect(r).toMatchObject({ reason: { code: "TOO_MANY_REQUESTS", cause: expect.objectContaining({ code: "TOO_MANY_SEARCHES" }) as unknown } });
    const forB = results.slice(4).map((r) => (r.status === "fulfilled" ? r.value.map((p) => p.productName) : r.reason));
    expect(forB).toEqual([
      ["Lavender Floor Cleaner", "Lavenders Fresh Mist"],
      ["Liquid Detergent", "Detergents Bulk Pack"],
      ["Citrus Dishwash Gel", "Dish Washer Tabs"],
      ["Drain Cleaner Gel", "Toilet Bowl Power Cleaner", "Lavender Floor Cleaner"],
    ]);
  });
});
