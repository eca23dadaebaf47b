// Where a buyer follows a parcel on its courier's own site, by the courier's name as the owner typed
// it or the aggregator named it. A courier not listed is followed on the store's own tracking page.

const TRACKING_PAGES: readonly [RegExp, (awb: string) => string][] = [
  [/delhivery/i, (awb) => `https://www.delhivery.com/track/package/${awb}`],
  [/blue\s*dart/i, (awb) => `https://www.bluedart.com/web/guest/trackdartresultthirdparty?trackFor=0&trackNo=${awb}`],
  [/xpress\s*bees/i, (awb) => `https://www.xpressbees.com/shipment/tracking?awbNo=${awb}`],
  [/ekart/i, (awb) => `https://ekartlogistics.com/shipmenttrack/${awb}`],
  [/shadowfax/i, (awb) => `https://tracker.shadowfax.in/#/track/${awb}`],
];

/** The courier's tracking page for `awb`, or null when the courier is not one the store knows. */
export function courierTrackingPage(courierName: string, awb: string): string | null {
  const code = encodeURIComponent(awb);
  for (const [name, page] of TRACKING_PAGES) if (name.test(courierName)) return page(code);
  return null;
}

/** The store's own tracking page (the buyer types the delivery PIN code there). */
export const storeTrackingPage = (publicUrl: string, awb: string): string => `${publicUrl.replace(/\/+$/, "")}/track?awb=${encodeURIComponent(awb)}`;
