import { describe, expect, it } from "vitest";
import { trackingUrl } from "./tracking";

describe("trackingUrl", () => {
  it.each([
    ["UPS", "1Z999AA1 0123 456784", "https://www.ups.com/track?tracknum=1Z999AA10123456784"],
    ["FedEx", "7489 2345 6789", "https://www.fedex.com/fedextrack/?trknbr=748923456789"],
    ["USPS", "9400-1000-0000", "https://tools.usps.com/go/TrackConfirmAction?tLabels=940010000000"],
  ])("links %s to its tracking page", (carrier, number, url) => {
    expect(trackingUrl(carrier, number)).toBe(url);
  });

  it("has no page for freight, other carriers or a missing number", () => {
    expect(trackingUrl("Freight/LTL", "PRO 123")).toBeUndefined();
    expect(trackingUrl("Other", "123")).toBeUndefined();
    expect(trackingUrl("UPS", null)).toBeUndefined();
    expect(trackingUrl(null, "123")).toBeUndefined();
  });

  it("keeps anything but the number out of the link", () => {
    expect(trackingUrl("UPS", "1Z&x=<script>")).toBe("https://www.ups.com/track?tracknum=1Z%26x%3D%3Cscript%3E");
  });
});
