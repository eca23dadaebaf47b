import { describe, expect, it } from "vitest";
import { timeLeft } from "./timeLeft";

const NOW = Date.UTC(2025, 5, 1, 10, 0, 0);
const after = (ms: number) => new Date(NOW + ms);
const MIN = 60_000;
const HOUR = 60 * MIN;

describe("timeLeft", () => {
  it("says hours and minutes, rounded up to the minute", () => {
    expect(timeLeft(after(HOUR + 20 * MIN), NOW)).toBe("1 h 20 min");
    expect(timeLeft(after(HOUR + 19 * MIN + 1), NOW)).toBe("1 h 20 min");
    expect(timeLeft(after(3 * HOUR), NOW)).toBe("3 h");
    expect(timeLeft(after(45 * MIN), NOW)).toBe("45 min");
    expect(timeLeft(after(1), NOW)).toBe("1 min");
  });

  it("says hours up to two days, then days and hours for the long deadlines a store may set (up to 30 days)", () => {
    expect(timeLeft(after(24 * HOUR), NOW)).toBe("24 h");
    expect(timeLeft(after(47 * HOUR + 30 * MIN), NOW)).toBe("47 h 30 min");
    expect(timeLeft(after(48 * HOUR), NOW)).toBe("2 d");
    expect(timeLeft(after(50 * HOUR + 30 * MIN), NOW)).toBe("2 d 2 h");
    expect(timeLeft(after(720 * HOUR), NOW)).toBe("30 d");
  });

  it("is null once the deadline has passed", () => {
    expect(timeLeft(after(0), NOW)).toBeNull();
    expect(timeLeft(after(-MIN), NOW)).toBeNull();
  });
});
