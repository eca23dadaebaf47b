import { describe, expect, it } from "vitest";
import { istLocalToIso, listPageOfQueue } from "./shipmentText";

describe("the packing queue's pages, oldest first over the desk's newest-first list", () => {
  it("starts at the list's last page and walks back", () => {
    // 45 orders, 20 a page: the list's pages 1 (newest) … 3 (oldest)
    expect([1, 2, 3].map((p) => listPageOfQueue(p, 45, 20))).toEqual([3, 2, 1]);
  });

  it("stays within the list for one page, an empty queue and a page past the end", () => {
    expect(listPageOfQueue(1, 7, 20)).toBe(1);
    expect(listPageOfQueue(1, 0, 20)).toBe(1);
    expect(listPageOfQueue(9, 45, 20)).toBe(1);
    expect(listPageOfQueue(2, 40, 20)).toBe(1);
  });
});

describe("a step's time typed in the form", () => {
  it("is read as India time, and blank means now (left to the server)", () => {
    expect(istLocalToIso("2026-11-26T10:30")).toBe("2026-11-26T05:00:00.000Z");
    expect(istLocalToIso("")).toBeUndefined();
  });
});
