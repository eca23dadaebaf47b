import type { VisibilityState } from "@tanstack/react-table";
import { useState } from "react";

const key = (screen: string) => `admin-columns:${screen}`;

function read(screen: string): VisibilityState {
  if (typeof window === "undefined") return {};
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(key(screen)) ?? "{}");
    if (!parsed || typeof parsed !== "object") return {};
    const visibility: VisibilityState = {};
    for (const [column, shown] of Object.entries(parsed)) if (typeof shown === "boolean") visibility[column] = shown;
    return visibility;
  } catch {
    return {};
  }
}

/** The columns hidden on one screen, remembered in this browser (localStorage) across visits. */
export function useRememberedColumns(screen: string) {
  const [visibility, setVisibility] = useState<VisibilityState>(() => read(screen));
  const update = (next: VisibilityState | ((prev: VisibilityState) => VisibilityState)) => {
    setVisibility((prev) => {
      const value = typeof next === "function" ? next(prev) : next;
      try {
        window.localStorage.setItem(key(screen), JSON.stringify(value));
      } catch {
        // storage full or blocked: the choice lasts for this visit only
      }
      return value;
    });
  };
  return [visibility, update] as const;
}
