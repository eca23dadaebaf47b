// Typing a PIN code fills the city and the state (issue 27): registration, profile and checkout.
// The place comes from GET /api/v1/pincodes/{pincode}, which browsers may keep an hour.
import { useEffect, useRef, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useWatch, type FieldValues, type UseFormReturn } from "react-hook-form";
import { useHydrated } from "../../lib/hydration";

interface Place {
  pincode: string;
  city: string;
  district: string;
  stateCode: string;
  stateName: string;
}
type AddressFields = { city: string; state: string; pinCode: string };
/** as @store/validators' PINCODE_PATTERN, which the storefront's first load does not import (zod) */
const PINCODE = /^[1-9]\d{5}$/;

/** The place of a PIN code, or null when the store does not know it (404). */
async function placeOf(pincode: string): Promise<Place | null> {
  const res = await fetch(`/api/v1/pincodes/${pincode}`, { headers: { accept: "application/json" } });
  if (res.status === 404) return null;
  if (!res.ok) throw new Error(`The PIN code could not be looked up (${res.status}).`);
  return (await res.json()) as Place;
}

export const UNKNOWN_PINCODE_HINT = "We do not know this PIN code: please check it, and type the city and state.";

/**
 * Fills city and state when the PIN code the customer types is found. Only a field that is empty,
 * or still holds what the form opened with or what the last fill put there, is filled: what the
 * customer typed stays (India Post names districts, and "Pimpri" is more than "Pune"). A form opened
 * with a saved address is left as it is until its PIN code is changed. An unknown PIN code is a hint,
 * never a block: the store's own rules decide.
 */
export function usePincodeFill<T extends FieldValues>(form: UseFormReturn<T, unknown, unknown>): { hint?: string } {
  const f = form as unknown as UseFormReturn<AddressFields>;
  const raw = useWatch({ control: f.control, name: "pinCode" });
  const pin = typeof raw === "string" ? raw.trim() : "";
  const [openedWith] = useState(pin);
  const [changed, setChanged] = useState(false);
  if (!changed && pin !== openedWith) setChanged(true);
  // a saved PIN code is looked up too, for its hint: a state the store refused is then easy to fix.
  // In the browser only: a server render must not wait on it (the page's own data decides the render)
  const hydrated = useHydrated();
  const wanted = PINCODE.test(pin) ? pin : null;
  const place = useQuery({
    queryKey: ["pincode-place", wanted],
    queryFn: () => placeOf(wanted!),
    enabled: hydrated && wanted !== null,
    staleTime: 60 * 60_000,
    retry: false,
  });

  const { getValues, setValue, formState } = f;
  // what the customer did not type: the form's first values, then each fill's
  const untyped = useRef<Pick<AddressFields, "city" | "state"> | null>(null);
  const submitted = formState.isSubmitted;
  useEffect(() => {
    untyped.current ??= { city: getValues("city") ?? "", state: getValues("state") ?? "" };
    const found = place.data;
    if (!found || !changed) return;
    const next = { city: found.city, state: found.stateName };
    for (const field of ["city", "state"] as const) {
      const current = getValues(field) ?? "";
      if (current.trim() !== "" && current !== untyped.current[field]) continue;
      if (current !== next[field]) setValue(field, next[field], { shouldDirty: true, shouldValidate: submitted });
    }
    untyped.current = next;
  }, [place.data, changed, getValues, setValue, submitted]);

  if (wanted === null || place.isPending || place.isError || (!changed && !place.data)) return {};
  return place.data ? { hint: `${place.data.city}, ${place.data.stateName}` } : { hint: UNKNOWN_PINCODE_HINT };
}
