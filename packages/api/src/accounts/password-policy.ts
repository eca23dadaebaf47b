// A new password: at least 10 characters (packages/validators `newPassword`, the one rule forms
// show too) and, checked here on the server, none of these easy guesses (issue 13, issue 22):
// - one of the ~49,000 most common passwords of zxcvbn-ts's list;
// - a handful of characters repeated, or a plain run ("aaaaaaaaaa", "ababababab", "abcdefghij");
// - a common password with digits or symbols added ("Password1!", "P@ssw0rd123") that an attacker
//   trying the list with such endings reaches within a million guesses: zxcvbn's line between
//   "too guessable" (score 1) and "somewhat guessable" (score 2), estimated the zxcvbn way;
// - the store's own name with a short add-on ("Clean Store", "cleanstore123").
// The list stays on the server (the web app does not load it).
import { dictionary } from "@zxcvbn-ts/language-common";
import type { Db } from "@store/db";
import { loadSettings } from "../back-office/settings.ts";
import { StoreError } from "../platform/errors.ts";

/** The shop's name as customers see it (the messages' header, the storefront's title). */
export const STORE_BRAND = "Clean Store";

const GUESSES_NEEDED = 1_000_000;
const COMMON = "This password is one of the most common ones and easy to guess. Please choose another.";
const PATTERN = "This password repeats a few characters or follows a simple run like abcdef or 12345, which is easy to guess. Please choose another.";
const DECORATED = "This password is a common one with a few digits or symbols added, which is easy to guess. Please choose another.";
const STORE_NAME = "A password made of the store's name is easy to guess. Please choose another.";

let ranks: Map<string, number> | undefined;
/** 1 for the most common password, undefined for one not on the list. */
function rankOf(word: string): number | undefined {
  if (!ranks) {
    ranks = new Map();
    for (const [i, p] of dictionary["passwords-common"].entries()) if (!ranks.has(p.toLowerCase())) ranks.set(p.toLowerCase(), i + 1);
  }
  return ranks.get(word);
}

export function isCommonPassword(password: string): boolean {
  return rankOf(password.toLowerCase()) !== undefined;
}

/** Each character one step up or one step down from the one before: "abcdef", "98765". */
function isRun(text: string): boolean {
  if (text.length < 3) return false;
  const step = text.charCodeAt(1) - text.charCodeAt(0);
  if (step !== 1 && step !== -1) return false;
  for (let i = 2; i < text.length; i++) if (text.charCodeAt(i) - text.charCodeAt(i - 1) !== step) return false;
  return true;
}

const isRepeatOrRun = (password: string) => new Set(password.toLowerCase()).size < 4 || isRun(password.toLowerCase());

/** Guesses for the digits and symbols around a word: as a common password, a year or a run if it is one, else character by character. */
function decorationGuesses(text: string): number {
  if (text === "") return 1;
  const bruteForce = [...text].reduce((n, c) => n * (/\d/.test(c) ? 10 : 33), 1);
  const rank = rankOf(text);
  const cheap = [bruteForce, ...(rank !== undefined ? [rank] : []), ...(/^(19|20)\d\d$/.test(text) ? [200] : []), ...(isRun(text) ? [10 * text.length] : [])];
  // zxcvbn's floor for a guessed part of several characters
  return Math.max(text.length > 1 ? 50 : 10, Math.min(...cheap));
}

const LEET: Record<string, string> = { "@": "a", "4": "a", "3": "e", "1": "i", "!": "i", "0": "o", $: "s", "5": "s", "7": "t" };

/** Guesses to reach `password` as a common password (capitalised, l33t, with digits/symbols around it); undefined when it is none. */
function decoratedCommonGuesses(password: string): number | undefined {
  const [, prefix = "", core = "", suffix = ""] = /^([^a-z]*)(.*?)([^a-z]*)$/isu.exec(password) ?? [];
  if (!/[a-z]/i.test(core)) return undefined;
  const lower = core.toLowerCase();
  const plain = [...lower].map((c) => LEET[c] ?? c).join("");
  const substituted = [...lower].filter((c, i) => c !== plain[i]).length;
  const rank = rankOf(lower) ?? rankOf(plain);
  if (rank === undefined) return undefined;
  const leet = rankOf(lower) !== undefined ? 1 : 2 ** substituted;
  const capitals = core === lower ? 1 : core === lower.toUpperCase() || core === lower[0]?.toUpperCase() + lower.slice(1) ? 2 : 50;
  return rank * leet * capitals * decorationGuesses(prefix) * decorationGuesses(suffix);
}

const lettersOf = (text: string) => text.toLowerCase().replace(/[^\p{L}]/gu, "");

/** The store's name with fewer than 4 other letters around it. */
function isBuiltOnName(password: string, storeNames: readonly string[]): boolean {
  const letters = lettersOf(password);
  return storeNames.some((name) => {
    const n = lettersOf(name);
    return n.length >= 4 && letters.includes(n) && letters.length - n.length < 4;
  });
}

/** Why `password` is too easy to guess (the message for its owner), or null when it is not. */
export function weakPasswordReason(password: string, storeNames: readonly string[] = [STORE_BRAND]): string | null {
  if (isCommonPassword(password)) return COMMON;
  if (isRepeatOrRun(password)) return PATTERN;
  if (isBuiltOnName(password, storeNames)) return STORE_NAME;
  const guesses = decoratedCommonGuesses(password);
  if (guesses !== undefined && guesses < GUESSES_NEEDED) return DECORATED;
  return null;
}

/** The names the store goes by: its brand, and the payee and legal names of Settings. */
async function storeNames(db: Db): Promise<string[]> {
  const settings = await loadSettings(db);
  return [STORE_BRAND, settings.upiPayeeName, settings.sellerLegalName];
}

/** Refuses (400 PASSWORD_TOO_WEAK, saying why) a new password that is easy to guess. */
export async function assertStrongPassword(db: Db, password: string): Promise<void> {
  const reason = weakPasswordReason(password, await storeNames(db));
  if (reason) throw new StoreError(400, "PASSWORD_TOO_WEAK", reason);
}
