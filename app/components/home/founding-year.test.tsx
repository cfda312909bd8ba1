// The home page's hero and the footer name the business's age from one founding year, the
// operator's (STORE_FOUNDED_YEAR), or none at all: never a year written into the page.
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { Footer } from "../footer";
import type { RootData } from "../root-data";
import { Hero } from "./hero";

function HeroAndFooter() {
  return (
    <>
      <Hero />
      <Footer />
    </>
  );
}

const Stub = createRoutesStub([{ id: "root", path: "/", Component: HeroAndFooter }]);

function rendered(store: RootData["store"]) {
  const root: RootData = { store, categories: [], shared: true, user: null, toast: null };
  const html = renderToString(<Stub hydrationData={{ loaderData: { root } }} />);
  return html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");
}

const contact = { email: "sales@example.com", phone: "(503) 555-0142" };

describe("the business's age", () => {
  it("is the founding year the operator gave, in the hero and the footer alike", () => {
    const text = rendered({ ...contact, foundedYear: 2004, yearsInBusiness: 21 });
    expect(text).toContain("Industrial supply since 2004");
    expect(text).toContain("Industrial supplies for trade and business buyers since 2004.");
    expect(text).not.toMatch(/1999|over \d+ years/i);
  });

  it("names no year when none is configured", () => {
    const text = rendered({ ...contact, foundedYear: null, yearsInBusiness: null });
    expect(text).toContain("Industrial supply for the trades");
    expect(text).toContain("Industrial supplies for trade and business buyers.");
    expect(text).not.toMatch(/since \d{4}|years/i);
  });
});
