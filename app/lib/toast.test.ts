import { describe, expect, it } from "vitest";
import { takeToasts, toast } from "./toast";

describe("toasts", () => {
  it("shows a server's flash once, however many loaders answered it", () => {
    takeToasts();
    // The fetcher's revalidation and a navigation both read the cookie before either cleared it.
    toast.success("PO number now required", { id: "flash-1" });
    toast.success("PO number now required", { id: "flash-1" });
    toast.success("PO number now required", { id: "flash-2" });
    expect(takeToasts().map((shown) => shown.title)).toEqual(["PO number now required", "PO number now required"]);
  });

  it("shows each of the page's own toasts, which carry no id", () => {
    takeToasts();
    toast.success("Grinding Wheel added to cart!");
    toast.success("Grinding Wheel added to cart!");
    expect(takeToasts()).toHaveLength(2);
  });
});
