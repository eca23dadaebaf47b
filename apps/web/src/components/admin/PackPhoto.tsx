import { useId, useState, type ChangeEvent } from "react";
import { MAX_IMAGE_BYTES } from "@store/validators";

/** An image file as a data URL (the server checks and resizes it); a file that is no image or too big is refused here first. */
export function readImageFile(file: File): Promise<string> {
  if (!file.type.startsWith("image/")) return Promise.reject(new Error("Image must be an image file"));
  if (file.size > MAX_IMAGE_BYTES) return Promise.reject(new Error("Image must be at most 5 MB"));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === "string" ? resolve(reader.result) : reject(new Error("The file could not be read.")));
    reader.onerror = () => reject(reader.error ?? new Error("The file could not be read."));
    reader.readAsDataURL(file);
  });
}

/**
 * A pack's own photo in the packs table (issue 25): its thumbnail (or "Product's", when the pack shows
 * the product's image), a file picker to upload or replace it and, when it has one, Remove.
 */
export function PackPhoto({
  name,
  src,
  busy,
  onPick,
  onRemove,
}: {
  name: string;
  src: string | null;
  busy: boolean;
  onPick: (dataUrl: string) => void;
  onRemove?: () => void;
}) {
  const inputId = useId();
  const [error, setError] = useState<string | null>(null);
  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = "";
    setError(null);
    if (!file) return;
    try {
      onPick(await readImageFile(file));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : "The file could not be read.");
    }
  };
  return (
    <div className="pack-photo">
      {src ? (
        <img src={src} width={40} height={40} alt={`Photo of ${name}`} />
      ) : (
        <span className="hint" title="This pack shows the product's image">
          Product&apos;s image
        </span>
      )}
      <label htmlFor={inputId} className={`btn small secondary${busy ? " disabled" : ""}`}>
        {src ? "Replace" : "Upload"}
      </label>
      <input
        id={inputId}
        className="visually-hidden"
        type="file"
        accept="image/*"
        disabled={busy}
        aria-label={`Photo of ${name}`}
        onChange={(e) => void pick(e)}
      />
      {src && onRemove && (
        <button type="button" className="btn small secondary" disabled={busy} aria-label={`Remove the photo of ${name}`} onClick={onRemove}>
          Remove photo
        </button>
      )}
      {error && (
        <small className="field-error" role="alert">
          {error}
        </small>
      )}
    </div>
  );
}
