import { describe, expect, it } from "vitest";
import {
  acknowledgeByOf,
  canMoveGrievance,
  complainantMessageEffect,
  grievanceTicketNumber,
  isGrievanceOverdue,
  resolveByOf,
  TICKET_NUMBER_PATTERN,
} from "./grievances.ts";

const ist = (wall: string) => new Date(`${wall}+05:30`);

describe("grievance clocks", () => {
  it("numbers a ticket with the IST day it was filed and a six-digit serial", () => {
    expect(grievanceTicketNumber(new Date("2026-03-10T18:29:59Z"), 123)).toBe("GRV-20260310-000123");
    expect(grievanceTicketNumber(new Date("2026-03-10T18:30:00Z"), 123)).toBe("GRV-20260311-000123");
    expect(grievanceTicketNumber(new Date("2026-03-10T10:00:00Z"), 1_234_567)).toMatch(TICKET_NUMBER_PATTERN);
  });

  it("acknowledges by 48 hours after filing", () => {
    expect(acknowledgeByOf(new Date("2026-11-26T10:15:00Z")).toISOString()).toBe("2026-11-28T10:15:00.000Z");
  });

  it("resolves by the same time one calendar month later in India", () => {
    expect(resolveByOf(ist("2026-11-26T10:15:00"))).toEqual(ist("2026-12-26T10:15:00"));
    expect(resolveByOf(ist("2026-12-31T23:30:00"))).toEqual(ist("2027-01-31T23:30:00"));
  });

  it("rolls the 31st (and the 29th-30th before February) to the next month's last day", () => {
    expect(resolveByOf(ist("2027-01-31T09:00:00"))).toEqual(ist("2027-02-28T09:00:00"));
    expect(resolveByOf(ist("2027-01-29T09:00:00"))).toEqual(ist("2027-02-28T09:00:00"));
    expect(resolveByOf(ist("2028-01-31T09:00:00"))).toEqual(ist("2028-02-29T09:00:00"));
    expect(resolveByOf(ist("2026-03-31T09:00:00"))).toEqual(ist("2026-04-30T09:00:00"));
  });

  it("counts the month on India's calendar, not UTC's", () => {
    // 31 Jan 2027, 02:00 in India is still 30 Jan in UTC: the month is February's, so the 28th
    expect(resolveByOf(ist("2027-01-31T02:00:00"))).toEqual(ist("2027-02-28T02:00:00"));
  });

  it("is overdue only while not answered and past resolveBy", () => {
    const resolveBy = new Date("2026-12-26T04:45:00Z");
    const after = new Date("2026-12-26T04:45:01Z");
    expect(isGrievanceOverdue({ status: "In progress", resolveBy }, after)).toBe(true);
    expect(isGrievanceOverdue({ status: "Acknowledged", resolveBy }, resolveBy)).toBe(false);
    expect(isGrievanceOverdue({ status: "Resolved", resolveBy }, after)).toBe(false);
    expect(isGrievanceOverdue({ status: "Rejected", resolveBy }, after)).toBe(false);
  });
});

describe("a complainant's message", () => {
  const resolvedAt = new Date("2026-12-01T06:00:00Z");
  it("reopens a resolved or rejected ticket within 14 days", () => {
    expect(complainantMessageEffect({ status: "Resolved", resolvedAt }, new Date("2026-12-15T06:00:00Z"))).toBe("reopen");
    expect(complainantMessageEffect({ status: "Rejected", resolvedAt }, new Date("2026-12-02T06:00:00Z"))).toBe("reopen");
  });
  it("is refused after 14 days, and on a closed ticket", () => {
    expect(complainantMessageEffect({ status: "Resolved", resolvedAt }, new Date("2026-12-15T06:00:01Z"))).toBe("closed");
    expect(complainantMessageEffect({ status: "Closed", resolvedAt }, new Date("2026-12-02T06:00:00Z"))).toBe("closed");
  });
  it("leaves an open ticket as it is", () => {
    expect(complainantMessageEffect({ status: "In progress", resolvedAt: null }, new Date())).toBe("stay");
    expect(complainantMessageEffect({ status: "Acknowledged", resolvedAt: null }, new Date())).toBe("stay");
  });
});

describe("a ticket's moves", () => {
  it("goes Acknowledged → In progress → Resolved or Rejected, and back to In progress", () => {
    expect(canMoveGrievance("Acknowledged", "In progress")).toBe(true);
    expect(canMoveGrievance("In progress", "Resolved")).toBe(true);
    expect(canMoveGrievance("In progress", "Rejected")).toBe(true);
    expect(canMoveGrievance("Resolved", "In progress")).toBe(true);
  });
  it("refuses skipping a step, going back and moving a closed ticket", () => {
    expect(canMoveGrievance("Acknowledged", "Resolved")).toBe(false);
    expect(canMoveGrievance("In progress", "Acknowledged")).toBe(false);
    expect(canMoveGrievance("Closed", "In progress")).toBe(false);
    expect(canMoveGrievance("Resolved", "Rejected")).toBe(false);
    expect(canMoveGrievance("Nonsense", "In progress")).toBe(false);
  });
});
