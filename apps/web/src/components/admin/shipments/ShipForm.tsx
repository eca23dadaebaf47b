// "Ship" on an order (issue 28): the lines waiting to be packed go in a box with a courier — manual
// (the owner types the AWB the courier gave) or Shiprocket (it books the parcel and answers the AWB) —
// its weight and size, and the e-way bill number when the order is worth more than ₹50,000.
import { useId, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { needsEwayBill } from "@store/domain";
import { createShipmentInput } from "@store/validators";
import { FormField } from "../../FormField";
import { formatINR } from "../../../lib/format";
import { toast } from "../../../lib/toast";
import { trpc, type RouterOutputs } from "../../../lib/trpc";
import { fieldErrorsOf, refusalText, useShipmentRefresh } from "./shipmentText";

type WholeOrder = RouterOutputs["orders"]["order"];
type Line = WholeOrder["lines"][number];

interface ShipValues {
  courier: "manual" | "shiprocket";
  awb: string;
  courierName: string;
  weightGrams: string;
  lengthCm: string;
  breadthCm: string;
  heightCm: string;
  ewayBillNumber: string;
  orderIds: string[];
}
type Field = keyof ShipValues;
const FIELDS: readonly Field[] = ["courier", "awb", "courierName", "weightGrams", "lengthCm", "breadthCm", "heightCm", "ewayBillNumber", "orderIds"];
const fieldOf = (path: PropertyKey | undefined): Field | null => ((FIELDS as readonly PropertyKey[]).includes(path ?? "") ? (path as Field) : null);

/** A line the packing queue holds: open and in no shipment yet (the server's rule, GET /orders?fulfilment=). */
export const awaitsShipment = (l: Pick<Line, "fulfilment" | "orderStatus">) =>
  l.fulfilment === "Awaiting shipment" && l.orderStatus !== "Cancelled" && l.orderStatus !== "Completed";

/** The packs' weight of the chosen lines (grams), or null while a pack is not known. */
function usePacksWeight(lines: Line[]): number | null {
  const productIds = [...new Set(lines.map((l) => l.productId))];
  const products = trpc.useQueries((t) => productIds.map((productId) => t.products.byId({ productId }, { staleTime: 5 * 60_000 })));
  let grams = 0;
  for (const l of lines) {
    const product = products[productIds.indexOf(l.productId)]?.data;
    const pack = product?.variants.find((v) => v.variantId === l.variantId);
    if (!pack) return null;
    grams += pack.weightGrams * l.quantity;
  }
  return grams;
}

export function ShipForm({ order }: { order: WholeOrder }) {
  const awaiting = order.lines.filter(awaitsShipment);
  const refresh = useShipmentRefresh();
  const base = useId();
  const [refusal, setRefusal] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    reset,
    control,
    formState: { errors },
  } = useForm<ShipValues>({
    defaultValues: {
      courier: "manual",
      awb: "",
      courierName: "",
      weightGrams: "",
      lengthCm: "",
      breadthCm: "",
      heightCm: "",
      ewayBillNumber: "",
      orderIds: awaiting.map((l) => String(l.orderId)),
    },
  });
  const courier = useWatch({ control, name: "courier" });
  const chosenIds = useWatch({ control, name: "orderIds" });
  const chosen = awaiting.filter((l) => chosenIds.includes(String(l.orderId)));
  const packsWeight = usePacksWeight(chosen);
  // the e-way bill follows the box's value as the server reckons it: its lines after the coupon, delivery included
  const boxValuePaise = chosen.reduce((sum, l) => sum + Math.round(l.orderTotalPrice * 100) - Math.round(l.discount * 100), 0);
  const ewayBill = needsEwayBill(boxValuePaise);
  const create = trpc.shipments.create.useMutation({
    onSuccess: async (s) => {
      toast.success(`Shipment ${s.awb} created with ${s.courierName}.`);
      setRefusal(null);
      reset();
      await refresh();
    },
    onError: (e) => {
      const fields = fieldErrorsOf(e);
      for (const [name, message] of Object.entries(fields)) {
        const field = fieldOf(name.split(".")[0]);
        if (field) setError(field, { message });
      }
      setRefusal(refusalText(e));
    },
  });

  if (awaiting.length === 0) return null;

  const submit = (values: ShipValues) => {
    clearErrors();
    setRefusal(null);
    const manual = values.courier === "manual";
    const orderIds = values.orderIds.filter((v) => awaiting.some((l) => String(l.orderId) === v));
    if (orderIds.length === 0) {
      setError("orderIds", { message: "Choose at least one line to put in the box." });
      return;
    }
    const parsed = createShipmentInput.safeParse({
      productOrderId: order.productOrderId,
      courier: values.courier,
      awb: manual ? values.awb : undefined,
      courierName: manual ? values.courierName : undefined,
      weightGrams: values.weightGrams,
      lengthCm: values.lengthCm,
      breadthCm: values.breadthCm,
      heightCm: values.heightCm,
      ewayBillNumber: ewayBill ? values.ewayBillNumber : undefined,
      orderIds,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = fieldOf(issue.path[0]);
        if (field && !errors[field]) setError(field, { message: issue.message });
      }
      return;
    }
    create.mutate(parsed.data);
  };

  const id = (name: string) => `${base}-${name}`;
  return (
    <section className="card shipment-card" id="ship" aria-labelledby={id("title")}>
      <h2 id={id("title")}>Ship this order</h2>
      <p className="hint">
        {awaiting.length} {awaiting.length === 1 ? "line awaits" : "lines await"} shipment · {order.payment.method}
        {order.payment.method === "COD" ? ` · the courier collects ${formatINR(order.totals.grandTotal)} at the door` : ` · ${order.payment.status}`}
      </p>
      <form className="admin-form" noValidate aria-labelledby={id("title")} onSubmit={handleSubmit(submit)}>
        <fieldset className="ship-lines" aria-describedby={errors.orderIds ? id("lines-error") : undefined}>
          <legend>Lines in this box</legend>
          {awaiting.map((l) => (
            <label key={l.orderId} className="check-field">
              <input type="checkbox" value={String(l.orderId)} {...register("orderIds")} /> {l.productName} {l.packSize} × {l.quantity}
            </label>
          ))}
          {errors.orderIds?.message && (
            <small id={id("lines-error")} className="field-error" role="alert">
              {errors.orderIds.message}
            </small>
          )}
        </fieldset>
        <fieldset className="ship-lines">
          <legend>Courier</legend>
          <label className="check-field">
            <input type="radio" value="manual" {...register("courier")} /> Manual: I booked it myself and have the AWB
          </label>
          <label className="check-field">
            <input type="radio" value="shiprocket" {...register("courier")} /> Shiprocket: book it and get the AWB
          </label>
        </fieldset>
        {courier === "manual" && (
          <div className="form-grid">
            <FormField
              id={id("awb")}
              label="AWB number"
              hint="8 to 20 letters or digits, as on the courier's slip."
              registration={register("awb")}
              error={errors.awb}
              autoComplete="off"
            />
            <FormField
              id={id("courier-name")}
              label="Courier name"
              hint="e.g. Delhivery Surface"
              registration={register("courierName")}
              error={errors.courierName}
              autoComplete="off"
            />
          </div>
        )}
        <div className="form-grid">
          <FormField
            id={id("weight")}
            label="Weight (grams)"
            inputMode="numeric"
            placeholder={packsWeight !== null ? String(packsWeight) : undefined}
            hint={packsWeight !== null ? `Blank: ${packsWeight.toLocaleString("en-IN")} g, the packs' weight.` : "Blank: the packs' weight."}
            registration={register("weightGrams")}
            error={errors.weightGrams}
          />
          <fieldset className="box-size">
            <legend>Box size (cm, optional)</legend>
            <FormField id={id("length")} label="Length" inputMode="numeric" registration={register("lengthCm")} error={errors.lengthCm} />
            <FormField id={id("breadth")} label="Breadth" inputMode="numeric" registration={register("breadthCm")} error={errors.breadthCm} />
            <FormField id={id("height")} label="Height" inputMode="numeric" registration={register("heightCm")} error={errors.heightCm} />
          </fieldset>
        </div>
        {ewayBill && (
          <FormField
            id={id("eway")}
            label="E-way bill number"
            hint={`12 digits: this box is worth ${formatINR(boxValuePaise / 100)}, over ₹50,000.`}
            inputMode="numeric"
            registration={register("ewayBillNumber")}
            error={errors.ewayBillNumber}
            autoComplete="off"
          />
        )}
        {refusal && (
          <p className="form-error" role="alert">
            {refusal}
          </p>
        )}
        <button type="submit" className="btn" disabled={create.isPending}>
          {create.isPending ? "Creating shipment..." : courier === "manual" ? "Create shipment" : "Book with Shiprocket"}
        </button>
      </form>
    </section>
  );
}
