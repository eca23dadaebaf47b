// An amount in words as Indian invoices write it (../shared/INDIA.md "Amount in words"): groups of
// crore, lakh, thousand and hundred; "… Rupees and … Paise Only".

const ONES = [
  "",
  "One",
  "Two",
  "Three",
  "Four",
  "Five",
  "Six",
  "Seven",
  "Eight",
  "Nine",
  "Ten",
  "Eleven",
  "Twelve",
  "Thirteen",
  "Fourteen",
  "Fifteen",
  "Sixteen",
  "Seventeen",
  "Eighteen",
  "Nineteen",
];
const TENS = ["", "", "Twenty", "Thirty", "Forty", "Fifty", "Sixty", "Seventy", "Eighty", "Ninety"];

/** 0–99 */
function belowHundred(n: number): string {
  if (n < 20) return ONES[n] ?? "";
  const ones = n % 10;
  return `${TENS[Math.floor(n / 10)] ?? ""}${ones ? `-${ONES[ones]}` : ""}`;
}

/** 0–999 */
function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  return [hundreds ? `${ONES[hundreds]} Hundred` : "", rest ? belowHundred(rest) : ""].filter(Boolean).join(" ");
}

/** A whole number in Indian words: 1234567 → "Twelve Lakh Thirty-Four Thousand Five Hundred Sixty-Seven". */
export function numberInIndianWords(n: number): string {
  if (n === 0) return "Zero";
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1_000);
  const rest = n % 1_000;
  return [
    crore ? `${numberInIndianWords(crore)} Crore` : "",
    lakh ? `${belowHundred(lakh)} Lakh` : "",
    thousand ? `${belowHundred(thousand)} Thousand` : "",
    belowThousand(rest),
  ]
    .filter(Boolean)
    .join(" ");
}

/** 123456750 paise → "Twelve Lakh Thirty-Four Thousand Five Hundred Sixty-Seven Rupees and Fifty Paise Only". */
export function amountInWords(paise: number): string {
  if (!Number.isInteger(paise) || paise < 0) throw new RangeError("An amount is a whole, non-negative number of paise");
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  const rupeesWords = `${numberInIndianWords(rupees)} ${rupees === 1 ? "Rupee" : "Rupees"}`;
  if (rest === 0) return `${rupeesWords} Only`;
  const paiseWords = `${belowHundred(rest)} Paise`;
  return rupees === 0 ? `${paiseWords} Only` : `${rupeesWords} and ${paiseWords} Only`;
}

/** 123456750 paise → "12,34,567.50": Indian digit grouping, two decimals. */
export function formatIndianNumber(paise: number): string {
  const negative = paise < 0;
  const abs = Math.abs(Math.round(paise));
  const whole = String(Math.floor(abs / 100));
  const last3 = whole.slice(-3);
  const others = whole.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ",");
  return `${negative ? "-" : ""}${others ? `${others},${last3}` : last3}.${String(abs % 100).padStart(2, "0")}`;
}
