import { describe, expect, it } from "vitest";
import { amountInWords, formatIndianNumber, numberInIndianWords } from "./amount-in-words.ts";

describe("amount in words, Indian style", () => {
  it("writes lakh and crore groups", () => {
    expect(amountInWords(123_456_750)).toBe("Twelve Lakh Thirty-Four Thousand Five Hundred Sixty-Seven Rupees and Fifty Paise Only");
    expect(amountInWords(1_000_000_000)).toBe("One Crore Rupees Only");
    expect(amountInWords(100_000_000_000)).toBe("One Hundred Crore Rupees Only");
    expect(numberInIndianWords(100_000)).toBe("One Lakh");
    expect(numberInIndianWords(99_99_99_999)).toBe("Ninety-Nine Crore Ninety-Nine Lakh Ninety-Nine Thousand Nine Hundred Ninety-Nine");
  });

  it("handles teens, single rupees and paise alone", () => {
    expect(amountInWords(1_311)).toBe("Thirteen Rupees and Eleven Paise Only");
    expect(amountInWords(100)).toBe("One Rupee Only");
    expect(amountInWords(99)).toBe("Ninety-Nine Paise Only");
    expect(amountInWords(0)).toBe("Zero Rupees Only");
    expect(amountInWords(10_500)).toBe("One Hundred Five Rupees Only");
    expect(() => amountInWords(-1)).toThrow(RangeError);
  });

  it("groups digits the Indian way", () => {
    expect(formatIndianNumber(123_456_750)).toBe("12,34,567.50");
    expect(formatIndianNumber(99)).toBe("0.99");
    expect(formatIndianNumber(100_000_00)).toBe("1,00,000.00");
    expect(formatIndianNumber(1_000_000_000)).toBe("1,00,00,000.00");
    expect(formatIndianNumber(-5_000)).toBe("-50.00");
  });
});
