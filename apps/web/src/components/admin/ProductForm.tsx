import { zodResolver } from "@hookform/resolvers/zod";
import { useState, type ChangeEvent } from "react";
import { useForm, type Resolver } from "react-hook-form";
import type { z } from "zod";
import { GST_RATES } from "@store/domain";
import { MAX_IMAGE_BYTES, PRODUCT_CATEGORIES, productCreateSchema, productUpdateSchema, type ProductCreate, type ProductUpdate } from "@store/validators";
import { FormField } from "../FormField";

export type ProductValues = {
  productName: string;
  productPrice: string;
  quantity: string;
  packSize: string;
  productInfo: string;
  mainPrice: string;
  offer: string;
  deliveryCharge: string;
  category: string;
  productImg: string;
  productImgName: string;
  hsnCode: string;
  gstRate: string;
  countryOfOrigin: string;
  manufacturer: string;
};

export const emptyProduct: ProductValues = {
  productName: "",
  productPrice: "",
  quantity: "",
  packSize: "",
  productInfo: "",
  mainPrice: "",
  offer: "",
  deliveryCharge: "",
  category: "General",
  productImg: "",
  productImgName: "",
  hsnCode: "",
  gstRate: "",
  countryOfOrigin: "",
  manufacturer: "",
};

/** Reads an image file into a data URL (the server checks and resizes it). */
function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === "string" ? resolve(reader.result) : reject(new Error("The file could not be read.")));
    reader.onerror = () => reject(reader.error ?? new Error("The file could not be read."));
    reader.readAsDataURL(file);
  });
}

interface CommonProps {
  defaults: ProductValues;
  busy: boolean;
  serverErrors: Record<string, string>;
}
type Props =
  | (CommonProps & { mode: "create"; onSubmit: (v: ProductCreate) => void; currentImage?: null })
  | (CommonProps & { mode: "update"; onSubmit: (v: ProductUpdate) => void; currentImage?: string | null });

/** the fields as typed into the form: what either schema reads (the update schema asks less of the same fields) */
type ProductInput = Partial<z.input<typeof productCreateSchema>>;
const createResolver = zodResolver<ProductInput, unknown, ProductCreate>(productCreateSchema);
const updateResolver = zodResolver<ProductInput, unknown, ProductUpdate>(productUpdateSchema);

/** The fields of a product's pack (issue 25): the update form leaves them to the packs table (PackTable). */
const PACK_FIELDS = ["productPrice", "mainPrice", "quantity", "packSize", "hsnCode", "gstRate"] as const;

/**
 * 'Add a product' and the product update form: add requires more (spec §5), and its price, MRP,
 * stock, pack size and tax make the product's first pack; the update form edits the product's own
 * fields, its packs being edited in the packs table beside it (one writer of each pack).
 */
export function ProductForm(props: Props) {
  return props.mode === "create" ? <ProductFields {...props} resolver={createResolver} /> : <ProductFields {...props} resolver={updateResolver} />;
}

/** The form itself, typed by what its schema gives on submit (a new product, or the changes to one). */
function ProductFields<TOutput extends ProductCreate | ProductUpdate>({
  mode,
  resolver,
  onSubmit,
  defaults,
  currentImage,
  busy,
  serverErrors,
}: CommonProps & { mode: Props["mode"]; resolver: Resolver<ProductInput, unknown, TOutput>; onSubmit: (v: TOutput) => void; currentImage?: string | null }) {
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors },
  } = useForm<ProductInput, unknown, TOutput>({ resolver, defaultValues: defaults });
  const [delivery, setDelivery] = useState<"" | "Free" | "Charge">(
    defaults.deliveryCharge === "" ? "" : defaults.deliveryCharge === "Free" ? "Free" : "Charge",
  );
  const [preview, setPreview] = useState<string | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const required = mode === "create";
  const err = (k: keyof ProductValues) => errors[k] ?? (serverErrors[k] ? { message: serverErrors[k] } : undefined);

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    setImageError(null);
    if (!file) {
      setPreview(null);
      setValue("productImg", "");
      setValue("productImgName", "");
      return;
    }
    if (!file.type.startsWith("image/")) {
      setImageError("Image must be an image file");
      e.target.value = "";
      return;
    }
    if (file.size > MAX_IMAGE_BYTES) {
      setImageError("Image must be at most 5 MB");
      e.target.value = "";
      return;
    }
    try {
      const url = await readAsDataUrl(file);
      setPreview(url);
      setValue("productImg", url);
      setValue("productImgName", file.name);
    } catch (error) {
      setImageError(error instanceof Error ? error.message : "The file could not be read.");
    }
  };

  const shown = preview ?? currentImage ?? null;
  const imgError = imageError ?? err("productImg")?.message;
  const req = required ? " *" : "";
  const packFields = mode === "create";
  const submit = (v: TOutput) => {
    if (packFields) return onSubmit(v);
    const rest = { ...v };
    for (const k of PACK_FIELDS) delete (rest as Record<string, unknown>)[k];
    onSubmit(rest);
  };
  return (
    <form className="card admin-form" noValidate onSubmit={handleSubmit(submit)}>
      {required && (
        <p className="hint">
          Fields marked * are required. The price, MRP, quantity and pack size make the product's first pack; add more packs once it is saved.
        </p>
      )}
      <div className="form-grid">
        <FormField id="productName" label="Product Name *" registration={register("productName")} error={err("productName")} />
        {packFields && (
          <>
            <FormField id="productPrice" label={`Price (₹)${req}`} registration={register("productPrice")} error={err("productPrice")} inputMode="decimal" />
            <FormField id="mainPrice" label={`Main Price (₹)${req}`} registration={register("mainPrice")} error={err("mainPrice")} inputMode="decimal" />
            <FormField id="quantity" label={`Quantity${req}`} registration={register("quantity")} error={err("quantity")} inputMode="numeric" />
            <FormField id="packSize" label={`Pack Size${req}`} registration={register("packSize")} error={err("packSize")} placeholder="e.g. 500ml" />
          </>
        )}
        <FormField id="offer" label="Offer" registration={register("offer")} error={err("offer")} placeholder="e.g. 10% off" />
        <div className="field">
          <label htmlFor="deliveryOption">{`Delivery${req}`}</label>
          <select
            id="deliveryOption"
            value={delivery}
            aria-invalid={err("deliveryCharge") && delivery !== "Charge" ? true : undefined}
            aria-describedby={err("deliveryCharge") && delivery !== "Charge" ? "deliveryCharge-error" : undefined}
            onChange={(e) => {
              const mode = e.target.value as "" | "Free" | "Charge";
              setDelivery(mode);
              setValue("deliveryCharge", mode === "Free" ? "Free" : "");
            }}
          >
            <option value="">Choose…</option>
            <option value="Free">Free</option>
            <option value="Charge">Delivery charge</option>
          </select>
          {delivery !== "Charge" && err("deliveryCharge")?.message && (
            <small id="deliveryCharge-error" className="field-error" role="alert">
              {err("deliveryCharge")?.message}
            </small>
          )}
        </div>
        {delivery === "Charge" && (
          <FormField
            id="deliveryCharge"
            label="Delivery charge (₹) *"
            registration={register("deliveryCharge")}
            error={err("deliveryCharge")}
            inputMode="decimal"
          />
        )}
        <div className="field">
          <label htmlFor="category">Category</label>
          <select id="category" {...register("category")}>
            {PRODUCT_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>
        {packFields && (
          <>
            <FormField
              id="hsnCode"
              label="HSN Code"
              registration={register("hsnCode")}
              error={err("hsnCode")}
              inputMode="numeric"
              hint="4 to 8 digits; empty: the default in Settings"
            />
            <div className="field">
              <label htmlFor="gstRate">GST Rate</label>
              <select id="gstRate" {...register("gstRate")}>
                <option value="">Settings default</option>
                {GST_RATES.map((r) => (
                  <option key={r} value={String(r)}>
                    {r}%
                  </option>
                ))}
              </select>
            </div>
          </>
        )}
        <FormField id="countryOfOrigin" label="Country of Origin" registration={register("countryOfOrigin")} error={err("countryOfOrigin")} />
        <FormField id="manufacturer" label="Manufacturer" registration={register("manufacturer")} error={err("manufacturer")} />
      </div>
      <div className="field">
        <label htmlFor="productInfo">{`Details${req}`}</label>
        <textarea
          id="productInfo"
          rows={4}
          aria-invalid={err("productInfo") ? true : undefined}
          aria-describedby={err("productInfo") ? "productInfo-error" : undefined}
          {...register("productInfo")}
        />
        {err("productInfo")?.message && (
          <small id="productInfo-error" className="field-error" role="alert">
            {err("productInfo")?.message}
          </small>
        )}
      </div>
      <div className="image-field">
        <div className="field">
          <label htmlFor="productImgFile">Image</label>
          <input
            id="productImgFile"
            type="file"
            accept="image/*"
            onChange={onFile}
            aria-invalid={imgError ? true : undefined}
            aria-describedby={imgError ? "productImg-error" : "productImg-hint"}
          />
          {imgError ? (
            <small id="productImg-error" className="field-error" role="alert">
              {imgError}
            </small>
          ) : (
            <small id="productImg-hint" className="hint">
              An image file (JPEG, PNG, WebP, GIF), at most 5 MB.{mode === "update" ? " Leave empty to keep the current image." : ""}
            </small>
          )}
        </div>
        {shown ? (
          <img className="img-preview" src={shown} width={150} height={150} alt="Preview of the product image" />
        ) : (
          <div className="img-preview no-img" aria-hidden="true">
            No image
          </div>
        )}
      </div>
      <button type="submit" className="btn" disabled={busy}>
        {busy ? "Saving..." : mode === "create" ? "Add Product" : "Update Product"}
      </button>
    </form>
  );
}
