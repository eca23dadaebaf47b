/**
 * Prisma's `contains` becomes SQL LIKE without escaping, so a search for "9%" or "a_b" would
 * treat % and _ as wildcards. Escape them (and the escape character itself) so a search matches
 * the text as typed.
 */
export const likeText = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);
