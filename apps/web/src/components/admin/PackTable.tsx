import { useState } from "react";
import { GST_RATES, packUnitPrice, toPaise } from "@store/domain";
import { NET_UNITS, variantCreateSchema, variantUpdateSchema } from "@store/validators";
import { toast } from "../../lib/toast";
import { errorMessage, fieldErrorsOf, storeCodeOf, trpc, type RouterOutputs } from "../../lib/trpc";
import { PackPhoto } from "./PackPhoto";

type Pack = RouterOutputs["products"]["byId"]["variants"][number];

/** A pack's fields as typed into its row (inputs hold text). */
type Draft = Record<(typeof FIELDS)[number]["key"], string>;
type Errors = Partial<Record<keyof Draft | "row", string>>;

const FIELDS = [
  { key: "sku", label: "SKU", mode: "text" },
  { key: "label", label: "Size label", mode: "text" },
  { key: "netQuantity", label: "Net quantity", mode: "decimal" },
  { key: "netUnit", label: "Unit", mode: "unit" },
  { key: "mrp", label: "MRP (₹)", mode: "decimal" },
  { key: "price", label: "Price (₹)", mode: "decimal" },
  { key: "stock", label: "Stock", mode: "numeric" },
  { key: "hsnCode", label: "HSN", mode: "numeric" },
  { key: "gstRate", label: "GST rate", mode: "gst" },
  { key: "weightGrams", label: "Weight (g)", mode: "numeric" },
] as const;

const text = (v: number | string | null | undefined) => (v === null || v === undefined ? "" : String(v));
const fromPack = (v: Pack): Draft => ({
  sku: v.sku,
  label: v.label,
  netQuantity: text(v.netQuantity),
  netUnit: text(v.netUnit),
  mrp: text(v.mrp),
  price: text(v.price),
  stock: text(v.stock),
  hsnCode: v.hsnCode,
  gstRate: text(v.gstRate),
  weightGrams: text(v.weightGrams),
});
/** A new row: the tax and unit of the product's first pack, the rest to fill in. */
const blank = (like: Pack | undefined): Draft => ({
  sku: "",
  label: "",
  netQuantity: "",
  netUnit: like?.netUnit ?? "ml",
  mrp: "",
  price: "",
  stock: "0",
  hsnCode: like?.hsnCode ?? "",
  gstRate: text(like?.gstRate),
  weightGrams: "",
});

/** The shared schemas' verdict (packages/validators/src/variants.ts), message by field. */
function check<T>(
  schema: { safeParse: (v: unknown) => { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } } },
  input: Partial<Draft>,
) {
  const result = schema.safeParse(input);
  if (result.success) return { errors: null, value: result.data } as const;
  const errors: Errors = {};
  for (const issue of result.error.issues) {
    const key = (typeof issue.path[0] === "string" ? issue.path[0] : "row") as keyof Errors;
    errors[key] ??= issue.message;
  }
  return { errors, value: null } as const;
}

/** What a row's Save sends: the fields changed, and price and MRP together (so the one is checked against the other). */
function changes(draft: Draft, saved: Draft): Partial<Draft> {
  const out: Partial<Draft> = {};
  for (const f of FIELDS) if (draft[f.key] !== saved[f.key]) out[f.key] = draft[f.key];
  if (out.price !== undefined || out.mrp !== undefined) Object.assign(out, { price: draft.price, mrp: draft.mrp });
  return out;
}

/** A refusal of the server: its field messages in their cells, a refusal with a code (SKU_TAKEN, LAST_VARIANT, …) where it belongs, a message of no cell (the photo's) on the row. */
function refusal(e: unknown): Errors {
  const fields = fieldErrorsOf(e);
  const errors: Errors = { ...fields };
  if (storeCodeOf(e) === "SKU_TAKEN") errors.sku = errorMessage(e);
  if (!FIELDS.some((f) => errors[f.key])) errors.row = fields.image ?? fields.removeImage ?? errorMessage(e);
  return errors;
}

/**
 * The product form's packs (issue 25): one row a pack, edited in place and saved row by row through
 * the variant endpoints; a new row for another pack; up and down change the display order; Remove
 * deletes a pack never sold and deactivates one that was (the last active pack cannot go). A pack's
 * photo is uploaded, replaced or removed at once, on its own (the product's image shows where it has none).
 */
export function PackTable({ productId, packs }: { productId: number; packs: Pack[] }) {
  const utils = trpc.useUtils();
  const sorted = [...packs].sort((a, b) => a.position - b.position || a.variantId - b.variantId);
  const [adding, setAdding] = useState(false);
  const refresh = () => Promise.all([utils.products.invalidate(), utils.stats.invalidate()]);
  const update = trpc.variants.update.useMutation();
  const [moving, setMoving] = useState(false);

  /** Swaps a pack with its neighbour: each takes the other's position. */
  const move = async (index: number, by: -1 | 1) => {
    const a = sorted[index];
    const b = sorted[index + by];
    if (!a || !b) return;
    // two packs with one position (never from this table) get distinct ones first
    const [pa, pb] = a.position === b.position ? [index + by, index] : [b.position, a.position];
    setMoving(true);
    try {
      await update.mutateAsync({ productId, variantId: a.variantId, position: pa });
      await update.mutateAsync({ productId, variantId: b.variantId, position: pb });
      toast.success(`${a.label} moved ${by < 0 ? "up" : "down"}.`);
    } catch (e) {
      toast.error(errorMessage(e));
    } finally {
      setMoving(false);
      await refresh();
    }
  };

  return (
    <section className="card pack-table" aria-labelledby="packs-heading">
      <h2 id="packs-heading">Packs</h2>
      <p className="hint">
        Each pack size has its own SKU, price, MRP, stock and tax. Save a row to apply its changes. The unit sale price is worked out from the net quantity.
      </p>
      <div className="table-scroll">
        <table className="data packs">
          <thead>
            <tr>
              <th scope="col">Pack</th>
              <th scope="col">Photo</th>
              {FIELDS.map((f) => (
                <th key={f.key} scope="col">
                  {f.label}
                </th>
              ))}
              <th scope="col">Status</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {sorted.map((v, i) => (
              <PackRow
                key={v.variantId}
                productId={productId}
                pack={v}
                name={`pack ${i + 1}`}
                onSaved={refresh}
                canUp={i > 0 && !moving}
                canDown={i < sorted.length - 1 && !moving}
                onMove={(by) => void move(i, by)}
              />
            ))}
            {adding && (
              <NewPackRow productId={productId} name={`pack ${sorted.length + 1}`} like={sorted[0]} onDone={() => setAdding(false)} onSaved={refresh} />
            )}
          </tbody>
        </table>
      </div>
      {!adding && (
        <button type="button" className="btn secondary" onClick={() => setAdding(true)}>
          Add a pack
        </button>
      )}
    </section>
  );
}

/** The inputs of one row, each labelled "<column> of <pack n>", its message under it. */
function Cells({ draft, errors, name, onChange }: { draft: Draft; errors: Errors; name: string; onChange: (d: Draft) => void }) {
  const id = name.replace(/\s+/g, "-");
  const unit = packUnitPrice(toPaise(Number(draft.mrp) || 0), Number(draft.netQuantity) || null, draft.netUnit || null);
  return (
    <>
      {FIELDS.map((f) => {
        const error = errors[f.key];
        const props = {
          id: `${id}-${f.key}`,
          "aria-label": `${f.label} of ${name}`,
          "aria-invalid": error ? true : undefined,
          "aria-describedby": error ? `${id}-${f.key}-error` : undefined,
          value: draft[f.key],
          onChange: (e: { target: { value: string } }) => onChange({ ...draft, [f.key]: e.target.value }),
        };
        return (
          <td key={f.key} className={`pack-${f.key}`}>
            {f.mode === "unit" ? (
              <select {...props}>
                <option value="">—</option>
                {NET_UNITS.map((u) => (
                  <option key={u} value={u}>
                    {u}
                  </option>
                ))}
              </select>
            ) : f.mode === "gst" ? (
              <select {...props}>
                <option value="">—</option>
                {GST_RATES.map((r) => (
                  <option key={r} value={String(r)}>
                    {r}%
                  </option>
                ))}
              </select>
            ) : (
              <input {...props} inputMode={f.mode === "text" ? undefined : f.mode} size={f.mode === "text" ? 10 : 6} />
            )}
            {f.key === "mrp" && unit && !error && <small className="hint">{unit.text}</small>}
            {error && (
              <small id={`${id}-${f.key}-error`} className="field-error" role="alert">
                {error}
              </small>
            )}
          </td>
        );
      })}
    </>
  );
}

function RowError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <tr className="pack-row-error">
      <td colSpan={FIELDS.length + 4}>
        <p className="form-error" role="alert">
          {message}
        </p>
      </td>
    </tr>
  );
}

function PackRow({
  productId,
  pack,
  name,
  onSaved,
  canUp,
  canDown,
  onMove,
}: {
  productId: number;
  pack: Pack;
  name: string;
  onSaved: () => Promise<unknown>;
  canUp: boolean;
  canDown: boolean;
  onMove: (by: -1 | 1) => void;
}) {
  const saved = fromPack(pack);
  const [draft, setDraft] = useState<Draft>(saved);
  const [errors, setErrors] = useState<Errors>({});
  const update = trpc.variants.update.useMutation();
  const remove = trpc.variants.remove.useMutation();
  const busy = update.isPending || remove.isPending;
  const dirty = FIELDS.some((f) => draft[f.key] !== saved[f.key]);

  const save = async () => {
    const checked = check(variantUpdateSchema, changes(draft, saved));
    setErrors(checked.errors ?? {});
    if (!checked.value) return;
    try {
      const res = await update.mutateAsync({ productId, variantId: pack.variantId, ...checked.value });
      setDraft(fromPack(res));
      toast.success(`${pack.label} saved.`);
      await onSaved();
    } catch (e) {
      setErrors(refusal(e));
    }
  };
  const setActive = async (active: boolean) => {
    setErrors({});
    try {
      await update.mutateAsync({ productId, variantId: pack.variantId, active });
      toast.success(`${pack.label} ${active ? "is on sale again" : "deactivated"}.`);
      await onSaved();
    } catch (e) {
      setErrors(refusal(e));
    }
  };
  const setPhoto = async (change: { image: string } | { removeImage: true }) => {
    setErrors({});
    try {
      await update.mutateAsync({ productId, variantId: pack.variantId, ...change });
      toast.success("image" in change ? `Photo of ${pack.label} saved.` : `${pack.label} shows the product's image again.`);
      await onSaved();
    } catch (e) {
      setErrors(refusal(e));
    }
  };
  const drop = async () => {
    setErrors({});
    try {
      const res = await remove.mutateAsync({ productId, variantId: pack.variantId });
      // a pack on an order line is kept, inactive (the server says which it did)
      toast.success(res.deleted ? `${pack.label} removed.` : `${pack.label} deactivated: it is on orders, so it is kept.`);
      await onSaved();
    } catch (e) {
      setErrors({ row: errorMessage(e) });
    }
  };

  return (
    <>
      <tr data-pack={pack.variantId} className={pack.active ? undefined : "inactive"}>
        <th scope="row">{name.replace(/^p/, "P")}</th>
        <td className="pack-image">
          <PackPhoto
            name={name}
            src={pack.imageThumb}
            busy={busy}
            onPick={(image) => void setPhoto({ image })}
            onRemove={() => void setPhoto({ removeImage: true })}
          />
        </td>
        <Cells draft={draft} errors={errors} name={name} onChange={setDraft} />
        <td>{pack.active ? "On sale" : "Inactive"}</td>
        <td className="actions nowrap">
          <button type="button" className="icon-btn" disabled={!canUp || busy} aria-label={`Move ${name} up`} title="Move up" onClick={() => onMove(-1)}>
            ↑
          </button>
          <button type="button" className="icon-btn" disabled={!canDown || busy} aria-label={`Move ${name} down`} title="Move down" onClick={() => onMove(1)}>
            ↓
          </button>
          <button type="button" className="btn small" disabled={!dirty || busy} aria-label={`Save ${name}`} onClick={() => void save()}>
            {update.isPending ? "Saving..." : "Save"}
          </button>
          {pack.active ? (
            <button type="button" className="btn small danger" disabled={busy} aria-label={`Remove ${name}`} onClick={() => void drop()}>
              Remove
            </button>
          ) : (
            <button type="button" className="btn small secondary" disabled={busy} aria-label={`Put ${name} on sale again`} onClick={() => void setActive(true)}>
              Reactivate
            </button>
          )}
        </td>
      </tr>
      <RowError message={errors.row} />
    </>
  );
}

function NewPackRow({
  productId,
  name,
  like,
  onDone,
  onSaved,
}: {
  productId: number;
  name: string;
  like: Pack | undefined;
  onDone: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const [draft, setDraft] = useState<Draft>(() => blank(like));
  const [photo, setPhoto] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const create = trpc.variants.create.useMutation();
  const save = async () => {
    const checked = check(variantCreateSchema, draft);
    setErrors(checked.errors ?? {});
    if (!checked.value) return;
    try {
      const res = await create.mutateAsync({ productId, ...checked.value, ...(photo ? { image: photo } : {}) });
      toast.success(`${res.label} added.`);
      onDone();
      await onSaved();
    } catch (e) {
      setErrors(refusal(e));
    }
  };
  return (
    <>
      <tr className="new-pack">
        <th scope="row">New</th>
        <td className="pack-image">
          <PackPhoto name={name} src={photo} busy={create.isPending} onPick={setPhoto} onRemove={() => setPhoto(null)} />
        </td>
        <Cells draft={draft} errors={errors} name={name} onChange={setDraft} />
        <td>New</td>
        <td className="actions nowrap">
          <button type="button" className="btn small" disabled={create.isPending} onClick={() => void save()}>
            {create.isPending ? "Adding..." : "Add pack"}
          </button>
          <button type="button" className="btn small secondary" disabled={create.isPending} onClick={onDone}>
            Cancel
          </button>
        </td>
      </tr>
      <RowError message={errors.row} />
    </>
  );
}
