import { useState } from "react";
import { createFileRoute } from "@tanstack/react-router";
import { QueryState } from "../../components/QueryState";
import { ConfirmDialog } from "../../components/admin/ConfirmDialog";
import { OwnerOnlyScreen, useIsStaff } from "../../components/admin/OwnerOnly";
import { ZoneForm, type Zone } from "../../components/admin/ZoneForm";
import { ZonePreview } from "../../components/admin/ZonePreview";
import { etaText } from "../../components/delivery/deliveryText";
import { formatINR } from "../../lib/format";
import { toast } from "../../lib/toast";
import { errorMessage, trpc } from "../../lib/trpc";
import "../../styles/delivery-zones.css";

export const Route = createFileRoute("/_admin/delivery-zones")({ component: DeliveryZones });

/** Delivery zones (issue 27, the owner only): which PIN codes are delivered to, at what fee, how fast and with cash on delivery. */
function DeliveryZones() {
  const staff = useIsStaff();
  if (staff) return <OwnerOnlyScreen title="Delivery zones" note="The owner decides where the shop delivers, the fees and delivery times." />;
  return (
    <section className="admin-page" aria-labelledby="page-title">
      <title>Delivery zones | Clean Store Admin</title>
      <div className="admin-head">
        <h1 id="page-title">Delivery zones</h1>
      </div>
      <p className="hint">
        A PIN code is served by its most specific zone: the longest matching PIN-code prefix, then its state, then the default zone (no PIN codes or states).
        Once a zone exists, an order pays its zone&apos;s fee once, whatever it holds, and PIN codes no zone serves are not delivered to. Without zones, each
        product&apos;s own delivery charge applies, as before.
      </p>
      <Zones />
    </section>
  );
}

function Zones() {
  const utils = trpc.useUtils();
  const list = trpc.zones.list.useQuery();
  const [editing, setEditing] = useState<Zone | null>(null);
  const [toRemove, setToRemove] = useState<Zone | null>(null);
  const remove = trpc.zones.remove.useMutation({
    onSuccess: async (r) => {
      toast.success(r.message);
      if (editing?.zoneId === toRemove?.zoneId) setEditing(null);
      setToRemove(null);
      await utils.zones.invalidate();
    },
    onError: (e) => {
      toast.error(errorMessage(e));
      setToRemove(null);
    },
  });
  return (
    <>
      <QueryState query={list}>
        {(zones) =>
          zones.length === 0 ? (
            <p className="empty">No delivery zones yet: every PIN code in the directory is delivered to at each product&apos;s own charge, in 3 days.</p>
          ) : (
            <div className="table-wrap">
              <table className="data">
                <caption className="visually-hidden">Delivery zones, in position order</caption>
                <thead>
                  <tr>
                    <th scope="col">Position</th>
                    <th scope="col">Zone</th>
                    <th scope="col">PIN codes and states</th>
                    <th scope="col">Fee</th>
                    <th scope="col">ETA</th>
                    <th scope="col">COD</th>
                    <th scope="col">Action</th>
                  </tr>
                </thead>
                <tbody>
                  {zones.map((z) => (
                    <tr key={z.zoneId} data-zone={z.name}>
                      <td>{z.position}</td>
                      <td>{z.name}</td>
                      <td>{z.match.length === 0 ? <em>Default: everywhere else</em> : z.match.join(", ")}</td>
                      <td>{z.fee === 0 ? "Free" : formatINR(z.fee)}</td>
                      <td>{etaText(z.etaDaysMin, z.etaDaysMax)}</td>
                      <td>{z.codAllowed ? "Yes" : "No"}</td>
                      <td>
                        <div className="toolbar">
                          <button type="button" className="btn small secondary" onClick={() => setEditing(z)}>
                            Edit {z.name}
                          </button>
                          <button type="button" className="btn small danger" onClick={() => setToRemove(z)}>
                            Delete {z.name}
                          </button>
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </QueryState>
      <div className="settings-grid zones-editor">
        <section className="card" aria-labelledby="zone-form">
          <h2 id="zone-form">{editing ? `Edit ${editing.name}` : "Add a zone"}</h2>
          <ZoneForm editing={editing} onDone={() => setEditing(null)} />
        </section>
        <ZonePreview />
      </div>
      <ConfirmDialog
        open={toRemove !== null}
        title="Delete this zone?"
        message={toRemove ? `PIN codes only ${toRemove.name} serves will no longer be delivered to. Orders already placed keep their delivery.` : ""}
        busy={remove.isPending}
        onConfirm={() => toRemove && remove.mutate({ zoneId: toRemove.zoneId })}
        onCancel={() => setToRemove(null)}
      />
    </>
  );
}
