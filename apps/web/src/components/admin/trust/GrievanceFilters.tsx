// The Complaints list's filters (issue 31): status, category and "Overdue only", kept in the URL.
import { useNavigate } from "@tanstack/react-router";
import { useId } from "react";
import { GRIEVANCE_CATEGORIES, GRIEVANCE_CATEGORY_WORDS, GRIEVANCE_STATUSES, type GrievanceCategory, type GrievanceStatus } from "@store/domain";
import { oneOf } from "../../../lib/searchParams";

export interface GrievanceSearch {
  page?: number;
  search?: string;
  status?: GrievanceStatus;
  category?: GrievanceCategory;
  overdue?: boolean;
}

export function GrievanceFilters({ status, category, overdue }: Pick<GrievanceSearch, "status" | "category" | "overdue">) {
  const id = useId();
  const navigate = useNavigate({ from: "/grievances" });
  const set = (next: Partial<GrievanceSearch>) => void navigate({ search: (prev) => ({ ...prev, ...next, page: 1 }) });
  return (
    <div className="trust-filters">
      <span className="trust-filter">
        <label htmlFor={`${id}-status`}>Status</label>
        <select id={`${id}-status`} value={status ?? ""} onChange={(e) => set({ status: oneOf(GRIEVANCE_STATUSES, e.target.value) })}>
          <option value="">All statuses</option>
          {GRIEVANCE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </span>
      <span className="trust-filter">
        <label htmlFor={`${id}-category`}>Category</label>
        <select id={`${id}-category`} value={category ?? ""} onChange={(e) => set({ category: oneOf(GRIEVANCE_CATEGORIES, e.target.value) })}>
          <option value="">All categories</option>
          {GRIEVANCE_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {GRIEVANCE_CATEGORY_WORDS[c]}
            </option>
          ))}
        </select>
      </span>
      <label className="check-field">
        <input type="checkbox" checked={overdue === true} onChange={(e) => set({ overdue: e.target.checked || undefined })} /> Overdue only
      </label>
    </div>
  );
}
