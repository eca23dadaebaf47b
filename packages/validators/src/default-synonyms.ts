// The synonym list a new store starts with (issue 23): what Indian shoppers type for cleaning
// goods — Hindi and Hinglish words (in Latin letters and Devanagari), other spellings, and brand
// names used for the kind of product — each pointing at the words the shop's products are sold
// under. The owner edits it in Settings → Search (one group a line, validators/search.ts); a store
// whose owner never saved a list reads this one (back-office/settings.ts), one that did keeps its own.
// Lines must be as the Settings save writes them (lower case, "a, b => c"): a test checks it.
// Variants are taken group by group, at most MAX_SEARCH_TERMS a search, so earlier lines win.

/** Devanagari is written with the nukta as a separate mark (ड + ़), as Indic keyboards type it. */
export const DEFAULT_SEARCH_SYNONYMS = [
  // Spellings and words that mean the same: each finds the others.
  "phenyl, phenyle, fenyl, phenol, फिनाइल, pine disinfectant, floor disinfectant",
  "sanitiser, sanitizer",
  "hand wash, handwash",
  "toilet, loo, washroom, bathroom",
  "glass, window, mirror",
  // Hindi and Hinglish words for the goods, and what they are sold as here.
  "pocha, pochha, pochhaa, ponchha, पोछा, पोंछा => mop",
  "jhadu, jharu, jhaadu, झाड़ू, झाडू => broom",
  "jhadan, jharan => duster",
  "bartan, bartan wash, bartan sabun, बर्तन => dishwash",
  "sabun, saabun, साबुन => soap",
  "kapde, kapda, kapdon, कपड़े => laundry, detergent",
  "washing powder, detergent powder => detergent",
  "washing liquid, laundry liquid => liquid detergent",
  "safai, safaai, सफाई => cleaner",
  "farsh, फ़र्श => floor",
  "rasoi, रसोई => kitchen",
  "nali, naali, नाली => drain",
  "balti, baalti, बाल्टी => bucket",
  "haath, hath => hand",
  "chiknai, chikanai => grease",
  "daag, daagh, दाग => stain",
  "jaali, juna, joona => scrubber",
  "kachra, kooda, kuda, कचरा => garbage",
  "kitanu, keetanu, kitanunashak, keetanunashak => disinfectant, germ",
  "tezaab, tezab, तेज़ाब => acid, toilet cleaner",
  "khushbu, khushboo, sugandh => fragrance, freshener",
  "machhar, machar, मच्छर => mosquito",
  "tilchatta, cockroch, kakroach => cockroach",
  "keeda, keede, kide, कीड़े => insect",
  "chuha, chuhe, चूहा => rat",
  "nimbu, nimboo, neembu => lemon",
  "gulab => rose",
  "chandan => sandalwood",
  "pudina => mint",
  "kapoor => camphor",
  "phenyl goli, naphthalene goli => naphthalene balls",
  // Brands people search by, and the kind of product they mean.
  "harpic, domex, sani fresh => toilet cleaner",
  "lizol, lysol => floor cleaner, disinfectant",
  "colin => glass cleaner, glass spray",
  "vim, pril, exo => dishwash",
  "surf excel, surf, ariel, tide, rin, wheel, ghadi, nirma, henko => detergent",
  "comfort => fabric softener",
  "ujala, robin blue, neel => whitener",
  "dettol, savlon => disinfectant, antiseptic",
  "lifebuoy => hand wash, soap",
  "odonil, ambi pur, ambipur, air wick => air freshener",
  "hit, baygon, mortein, all out, good knight, goodknight => insect, mosquito",
  "scotch brite, scotch-brite, scotchbrite => scrubber",
  "mr muscle => kitchen cleaner, drain cleaner",
  "pitambari, brasso => polish",
  "gala => mop",
] as const;
