// The "Send order updates on WhatsApp" box of registration and checkout (issue 30, contracts/whatsapp.md
// "Consent"): unticked until the shopper ticks it; the request carries whatsappOptIn only when ticked.
import type { ChangeEvent } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { Link } from "@tanstack/react-router";
import { trpc } from "../../../lib/trpc";

export const WHATSAPP_OPT_IN_LABEL = "Send order updates on WhatsApp";

/** `{ whatsappOptIn: true }` when ticked, else nothing: an unticked box changes no earlier consent. */
export const whatsappOptInBody = (ticked: boolean): { whatsappOptIn?: true } => (ticked ? { whatsappOptIn: true } : {});

/**
 * `registration`: a react-hook-form field (registration's form is on the page before the app starts, and
 * keeps a box ticked by then); else `checked` and `onChange` of a box the screen holds itself.
 */
export function WhatsAppOptIn({
  id,
  registration,
  checked,
  onChange,
}: {
  id: string;
  registration?: UseFormRegisterReturn;
  checked?: boolean;
  onChange?: (checked: boolean) => void;
}) {
  const input = registration ?? { checked: checked ?? false, onChange: (e: ChangeEvent<HTMLInputElement>) => onChange?.(e.target.checked) };
  return (
    <div className="check-field">
      <input id={id} type="checkbox" {...input} aria-describedby={`${id}-hint`} />
      <div>
        <label htmlFor={id}>{WHATSAPP_OPT_IN_LABEL}</label>
        <br />
        <small id={`${id}-hint`} className="hint">
          Order placed, shipped and delivered, on your phone number. Reply STOP or change it in your profile any time.
        </small>
      </div>
    </div>
  );
}

/**
 * The signed-in checkout's box: a customer who opted in already is told so (and where to stop it)
 * rather than shown an unticked box that would read as "off".
 */
export function CheckoutWhatsAppOptIn({ customerId, checked, onChange }: { customerId: number; checked: boolean; onChange: (checked: boolean) => void }) {
  const preferences = trpc.preferences.get.useQuery(undefined, { staleTime: 60_000 });
  if (preferences.data?.whatsappOptIn) {
    return (
      <p className="hint" data-testid="checkout-whatsapp-on">
        Order updates go to your WhatsApp.{" "}
        <Link to="/userProfile/$customerId" params={{ customerId: String(customerId) }} hash="message-preferences">
          Change
        </Link>
      </p>
    );
  }
  return <WhatsAppOptIn id="co-whatsapp" checked={checked} onChange={onChange} />;
}
