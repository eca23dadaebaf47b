-- Search that forgives typing (issue 18). Trigram similarity alone misses misspellings that change
-- the vowels of a short word ("clenar" shares 3 of its 7 trigrams with "cleaner"). Their consonant
-- skeletons match ("clnr"): the product name in lower case, without the vowels that do not start a
-- word. packages/api/src/domain/product-query.ts compares a search's skeleton with this one by
-- word similarity (%>), which this index serves. The expression must stay exactly as written
-- there (an expression index, which schema.prisma cannot state, like the fillfactor before it).
CREATE INDEX "Product_productName_skeleton_trgm_idx" ON "Product" USING GIN ((regexp_replace(lower("productName"), '\Y[aeiou]+', '', 'g')) gin_trgm_ops);
