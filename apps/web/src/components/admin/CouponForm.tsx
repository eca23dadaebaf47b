import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { couponCreateSchema, PRODUCT_CATEGORIES } from "@store/validators";
import { FormField } from "../FormField";
import { toast } from "../../lib/toast";
import { errorMessage, fieldErrorsOf, trpc } from "../../lib/trpc";

type CouponForm = z.input<typeof couponCreateSchema>;

const METHODS = [
  { value: "COD", label: "Cash on delivery" },
  { value: "UPI", label: "UPI" },
  { value: "ONLINE", label: "Online (card, netbanking)" },
] as const;

const VALUE_LABEL: Record<string, string> = { PERCENT: "Percent off (1–90)", FLAT: "Rupees off (₹)", FREE_SHIPPING: "" };

const EMPTY: CouponForm = {
  code: "",
  description: "",
  type: "PERCENT",
  value: "",
  maxDiscount: "",
  minOrderValue: "",
  startsAt: "",
  endsAt: "",
  usageLimit: "",
  perCustomerLimit: "1",
  firstOrderOnly: false,
  paymentMethods: ["COD", "UPI", "ONLINE"],
  productIds: "",
  categories: [],
  showAtCheckout: false,
  active: true,
};

/** A new coupon (issue 26): the create schema checks the form as the server does; times are IST. */
export function CouponForm({ onCreated }: { onCreated?: (couponId: number) => void }) {
  const utils = trpc.useUtils();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    control,
    formState: { errors },
  } = useForm<CouponForm>({
    resolver: zodResolver(couponCreateSchema),
    defaultValues: EMPTY,
    // a field the type hides (the cap of a percentage) is left out, not refused
    shouldUnregister: true,
  });
  const type = useWatch({ control, name: "type" });
  const create = trpc.coupons.create.useMutation({
    onSuccess: async (c) => {
      toast.success(`Coupon ${c.code} created.`);
      reset();
      await utils.coupons.invalidate();
      onCreated?.(c.couponId);
    },
    onError: (e) => {
      const fields = fieldErrorsOf(e);
      for (const [name, message] of Object.entries(fields)) setError(name.split(".")[0] as keyof CouponForm, { message });
      if (Object.keys(fields).length === 0) toast.error(errorMessage(e));
    },
  });
  const fieldError = (name: keyof CouponForm) => errors[name] as { message?: string } | undefined;
  return (
    <section className="card" aria-labelledby="add-coupon">
      <h2 id="add-coupon">Create a coupon</h2>
      <form className="admin-form" noValidate onSubmit={handleSubmit((values) => create.mutate(couponCreateSchema.parse(values)))}>
        <FormField
          id="coupon-code"
          label="Code"
          hint="3–20 letters, digits or hyphens; shoppers may type it in any case."
          registration={register("code")}
          error={fieldError("code")}
          autoComplete="off"
        />
        <FormField
          id="coupon-description"
          label="Description (shown to the buyer)"
          registration={register("description")}
          error={fieldError("description")}
          autoComplete="off"
        />
        <div className="field">
          <label htmlFor="coupon-type">Type</label>
          <select id="coupon-type" {...register("type")}>
            <option value="PERCENT">Percentage off</option>
            <option value="FLAT">Flat amount off</option>
            <option value="FREE_SHIPPING">Free delivery</option>
          </select>
        </div>
        {type !== "FREE_SHIPPING" && (
          <FormField id="coupon-value" label={VALUE_LABEL[type] ?? "Value"} inputMode="decimal" registration={register("value")} error={fieldError("value")} />
        )}
        {type === "PERCENT" && (
          <FormField
            id="coupon-max"
            label="Max discount (₹, optional)"
            inputMode="decimal"
            registration={register("maxDiscount")}
            error={fieldError("maxDiscount")}
          />
        )}
        <FormField
          id="coupon-min"
          label="Minimum order value (₹)"
          hint="On the eligible items, before any discount; blank = none."
          inputMode="decimal"
          registration={register("minOrderValue")}
          error={fieldError("minOrderValue")}
        />
        <FormField id="coupon-starts" label="Starts at (IST)" type="datetime-local" registration={register("startsAt")} error={fieldError("startsAt")} />
        <FormField id="coupon-ends" label="Ends at (IST)" type="datetime-local" registration={register("endsAt")} error={fieldError("endsAt")} />
        <FormField
          id="coupon-limit"
          label="Usage limit (orders, optional)"
          inputMode="numeric"
          registration={register("usageLimit")}
          error={fieldError("usageLimit")}
        />
        <FormField
          id="coupon-per-customer"
          label="Uses per customer"
          inputMode="numeric"
          registration={register("perCustomerLimit")}
          error={fieldError("perCustomerLimit")}
        />
        <fieldset className="check-group" aria-describedby={errors.paymentMethods ? "coupon-methods-error" : undefined}>
          <legend>Payment methods</legend>
          {METHODS.map((m) => (
            <label key={m.value} className="check-field">
              <input type="checkbox" value={m.value} {...register("paymentMethods")} /> {m.label}
            </label>
          ))}
          <small className="hint">UPI and Online only = a prepaid-only offer.</small>
          {fieldError("paymentMethods")?.message && (
            <small id="coupon-methods-error" className="field-error" role="alert">
              {fieldError("paymentMethods")?.message}
            </small>
          )}
        </fieldset>
        <FormField
          id="coupon-products"
          label="Only these product ids (optional)"
          hint="Comma-separated, e.g. 12, 15. Blank (and no category) = the whole cart."
          registration={register("productIds")}
          error={fieldError("productIds")}
          autoComplete="off"
        />
        <fieldset className="check-group">
          <legend>Only these categories (optional)</legend>
          {PRODUCT_CATEGORIES.map((c) => (
            <label key={c} className="check-field">
              <input type="checkbox" value={c} {...register("categories")} /> {c}
            </label>
          ))}
        </fieldset>
        <label className="check-field">
          <input type="checkbox" {...register("firstOrderOnly")} /> First order only
        </label>
        <label className="check-field">
          <input type="checkbox" {...register("showAtCheckout")} /> Show at checkout as an offer
        </label>
        <label className="check-field">
          <input type="checkbox" {...register("active")} /> Active
        </label>
        <button type="submit" className="btn" disabled={create.isPending}>
          {create.isPending ? "Creating..." : "Create coupon"}
        </button>
      </form>
    </section>
  );
}
