// Where a buyer follows a parcel: the carrier's own tracking page for the number the admin gave.
// Freight (a PRO number with a carrier we do not know) and "Other" have none.

const trackingPages: Record<string, (number: string) => string> = {
  UPS: (number) => `https://www.ups.com/track?tracknum=${number}`,
  FedEx: (number) => `https://www.fedex.com/fedextrack/?trknbr=${number}`,
  USPS: (number) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${number}`,
};

/** The carrier's tracking page for the number, or undefined when the store knows none. */
export function trackingUrl(carrier: string | null, trackingNumber: string | null): string | undefined {
  const page = carrier ? trackingPages[carrier] : undefined;
  // Carriers print numbers in groups ("7489 2345 6789"); their pages want them whole.
  const number = trackingNumber?.replace(/[\s-]+/g, "");
  return page && number ? page(encodeURIComponent(number)) : undefined;
}
