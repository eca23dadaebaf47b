import { describe, expect, it } from "vitest";
import { clockWords } from "./clockWords";

const deadline = new Date("2026-12-26T10:00:00Z");
const at = (iso: string) => new Date(iso).getTime();

describe("a complaint's clock in words", () => {
  it("says the time left while there is some", () => {
    expect(clockWords(deadline, at("2026-12-24T06:00:00Z"))).toEqual({ words: "2 d 4 h left", late: false });
    expect(clockWords(deadline.toISOString(), at("2026-12-26T09:15:00Z"))).toEqual({ words: "45 min left", late: false });
  });

  it("says how long it is overdue: hours on the first day, whole days after", () => {
    expect(clockWords(deadline, at("2026-12-26T10:00:00Z"))).toEqual({ words: "Overdue by 1 hour", late: true });
    expect(clockWords(deadline, at("2026-12-26T15:30:00Z"))).toEqual({ words: "Overdue by 5 hours", late: true });
    expect(clockWords(deadline, at("2026-12-27T10:00:00Z"))).toEqual({ words: "Overdue by 1 day", late: true });
    expect(clockWords(deadline, at("2026-12-29T22:00:00Z"))).toEqual({ words: "Overdue by 3 days", late: true });
  });
});
