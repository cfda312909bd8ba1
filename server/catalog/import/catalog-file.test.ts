import { describe, expect, it } from "vitest";
import type { HazardData } from "../../../domain/catalog/hazards";
import { completeProduct } from "../../../domain/catalog/product-input";
import { soldEach } from "../../../domain/catalog/sale-units";
import {
  type CatalogHeader,
  cellsByColumn,
  feedFromRow,
  productFromRow,
  readHeader,
  rowOfProduct,
} from "./catalog-file";

const header = (...columns: string[]): CatalogHeader => {
  const read = readHeader(columns);
  if (!read.ok) throw new Error(read.message);
  return read.header;
};

const COLUMNS = ["part_number", "name", "category", "subcategory", "brand", "price", "stock_level", "description"];
const row = (overrides: Record<string, string> = {}) => ({
  part_number: "OP-1",
  name: "Operator Wheel",
  category: "abrasives",
  subcategory: "grinding-wheels",
  brand: "Own Brand",
  price: "9.50",
  stock_level: "12",
  description: "A wheel.",
  ...overrides,
});

describe("the header row", () => {
  it.each([
    [[], "The file is empty: its first row must name the columns."],
    [["part_number", "", "name"], "Column 2 of the header row has no name."],
    [[...COLUMNS, "Price"], 'The header names the column "price" twice.'],
    [["sku", "title"], /^The file lacks the columns part_number, name, .* a stock-and-price feed has exactly/],
    [[...COLUMNS, "Max RPM"], /^The column "max rpm" is neither a catalogue column nor an attribute slug/],
  ])("refuses %j", (cells, message) => {
    const read = readHeader(cells);
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.message).toMatch(message);
  });

  it("tells a stock-and-price feed by its three columns, in any order and case", () => {
    expect(header("Stock_Level", "part_number", "PRICE").kind).toBe("stock-and-price");
    expect(header(...COLUMNS, "tiers", "diameter")).toMatchObject({ kind: "products", attributeColumns: ["diameter"] });
  });
});

describe("a row as the editor's product input", () => {
  const products = header(
    ...COLUMNS,
    "tiers",
    "status",
    "oem_numbers",
    "images",
    "documents",
    "unit",
    "pack_quantity",
    "min_order_quantity",
    "order_multiple",
    "hazard",
    "diameter",
  );
  // A real part's data, as the seed writes it and the export writes it back.
  const hazard: HazardData = {
    signalWord: "Danger",
    pictograms: ["GHS02", "GHS07"],
    classification: ["Aerosols, Category 1", "Serious eye damage/eye irritation, Category 2A"],
    hazardStatements: [
      { code: "H222", text: "Extremely flammable aerosol." },
      { code: "H229", text: "Pressurized container: may burst if heated." },
    ],
    precautionaryStatements: [
      {
        code: "P210",
        text: "Keep away from heat, hot surfaces, sparks, open flames and other ignition sources. No smoking.",
      },
      { code: "P305+P351+P338", text: "IF IN EYES: Rinse cautiously with water for several minutes." },
    ],
    ingredients: [
      { name: "Acetone", cas: "67-64-1", percent: "20-40%" },
      { name: "Distillates (petroleum), hydrotreated light", cas: "64742-47-8", percent: "40-70%" },
    ],
    physicalState: "Aerosol",
    transport: {
      unNumber: "UN1950",
      properShippingName: "Aerosols, flammable",
      hazardClass: "2.1",
      packingGroup: null,
      limitedQuantity: true,
    },
    revised: "2026-03-01",
  };
  const noUnitColumns = header(...COLUMNS, "family");

  it("reads every column, lists split on |", () => {
    const read = productFromRow(
      products,
      row({
        tiers: "100:8.75 | 500:7.5",
        status: "Draft",
        oem_numbers: "A-1|B-2",
        images: "products/a.webp",
        documents: "Data sheet=sheets/op-1.pdf|SDS=https://example.com/sds.pdf",
        diameter: "4-1/2 in",
        unit: "",
        pack_quantity: "",
        min_order_quantity: "",
        order_multiple: "",
        hazard: "",
      }),
    );
    expect(read).toEqual({
      ok: true,
      input: expect.objectContaining({
        partNumber: "OP-1",
        price: "9.50",
        stockLevel: 12,
        status: "draft",
        tiers: [
          { minQuantity: 100, unitPrice: "8.75" },
          { minQuantity: 500, unitPrice: "7.50" },
        ],
        oemNumbers: ["A-1", "B-2"],
        images: ["products/a.webp"],
        documents: [
          { name: "Data sheet", url: "sheets/op-1.pdf" },
          { name: "SDS", url: "https://example.com/sds.pdf" },
        ],
        attributes: { diameter: "4-1/2 in" },
        unit: "EA",
        packQuantity: 1,
        minOrderQuantity: 1,
        orderMultiple: 1,
        hazard: null,
      }),
    });
  });

  it("leaves what the file has no column for as the part has it, and reads an empty cell as the default", () => {
    const read = productFromRow(noUnitColumns, row({ family: "" }));
    if (!read.ok) throw new Error("the row should read");
    for (const field of ["unit", "packQuantity", "minOrderQuantity", "orderMultiple", "hazard"] as const)
      expect(read.input[field]).toBeUndefined();
    const stored = { unit: "BX", packQuantity: 25, minOrderQuantity: 50, orderMultiple: 25, hazard } as const;
    expect(completeProduct(read.input, stored)).toMatchObject(stored);
    expect(completeProduct(read.input)).toMatchObject({ ...soldEach, hazard: null });
  });

  it("reads FOT, Rec 20's foot, as FT", () => {
    const read = productFromRow(products, row({ unit: "fot" }));
    expect(read).toEqual({ ok: true, input: expect.objectContaining({ unit: "FT" }) });
  });

  it("reads the hazard cell the export writes", () => {
    const read = productFromRow(products, row({ hazard: JSON.stringify(hazard) }));
    expect(read).toEqual({ ok: true, input: expect.objectContaining({ hazard }) });
  });

  it("reads the unit of sale in any case, with its pack, minimum and multiple", () => {
    const read = productFromRow(
      products,
      row({ unit: " bx ", pack_quantity: "25", min_order_quantity: "50", order_multiple: "25" }),
    );
    expect(read).toEqual({
      ok: true,
      input: expect.objectContaining({ unit: "BX", packQuantity: 25, minOrderQuantity: 50, orderMultiple: 25 }),
    });
  });

  it.each([
    [{ price: "$9.50" }, "price", "The price must be an amount in dollars with at most 2 decimals, e.g. 12.99"],
    [{ price: "12.999" }, "price", "The price must be an amount in dollars with at most 2 decimals, e.g. 12.99"],
    [{ stock_level: "-3" }, "stock_level", "The stock level must be a whole number, 0 or more, e.g. 250"],
    [{ tiers: "500:7.50|100:8.75" }, "tiers", "Bulk tiers must go up in quantity: 100 comes after 500"],
    [{ tiers: "100:9.75" }, "tiers", "The price for 100+ (9.75) must be lower than 9.50"],
    [{ tiers: "100=8" }, "tiers", '"100=8" is not QTY:PRICE, e.g. 100:1.98|500:1.75'],
    [{ status: "sold" }, "status", "The status must be draft, active or discontinued"],
    [{ part_number: "" }, "part_number", "Enter the part number"],
    [{ category: "Abrasives!" }, "category", expect.stringContaining("must be a slug")],
    [{ documents: "just-a-file.pdf" }, "documents", expect.stringContaining("is not NAME=FILE")],
    [
      { unit: "BOX" },
      "unit",
      "The unit must be one of EA, PR, PK, BX, CS, SET, KT, BG, RO, DR, FT, MTR, GLL, LTR, LBR (FOT is read as FT; empty: EA)",
    ],
    [
      { hazard: "Danger, flammable" },
      "hazard",
      expect.stringMatching(/^The hazard data is not JSON as the export writes it/),
    ],
    [
      { hazard: JSON.stringify({ ...hazard, transport: { ...hazard.transport, unNumber: "1950X" } }) },
      "hazard",
      "The UN number is UN and 4 digits, e.g. UN1950",
    ],
    [
      { hazard: JSON.stringify({ ...hazard, pictograms: ["GHS10"] }) },
      "hazard",
      '"GHS10" is no GHS pictogram: use GHS01 to GHS09',
    ],
    [
      { hazard: JSON.stringify({ ...hazard, hazardStatements: "H222" }) },
      "hazard",
      expect.stringMatching(/^The hazard data's hazardStatements is missing or of the wrong kind/),
    ],
    [{ pack_quantity: "0" }, "pack_quantity", "The pack quantity must be from 1 to 10,000,000, or empty"],
    [{ pack_quantity: "2.5" }, "pack_quantity", "The pack quantity must be a whole number from 1, e.g. 25, or empty"],
    [
      { min_order_quantity: "0" },
      "min_order_quantity",
      "The minimum order quantity must be from 1 to 10,000,000, or empty",
    ],
    [
      { min_order_quantity: "30", order_multiple: "25" },
      "min_order_quantity",
      "The minimum order quantity must be a multiple of the order multiple (25), e.g. 25",
    ],
    [{ order_multiple: "-5" }, "order_multiple", "The order multiple must be a whole number from 1, e.g. 25, or empty"],
  ])("reports %j in its column with what is expected", (overrides, column, message) => {
    const read = productFromRow(products, row(overrides));
    expect(read).toEqual({ ok: false, problems: [{ column, message }] });
  });

  it("reports every column with a problem, once each", () => {
    const read = productFromRow(products, row({ price: "x", stock_level: "x", name: "" }));
    expect(read.ok ? [] : read.problems.map((problem) => problem.column)).toEqual(["name", "price", "stock_level"]);
  });

  it("writes a product back as the row it was read from", () => {
    const cells = row({
      tiers: "100:8.75|500:7.50",
      status: "active",
      oem_numbers: "A-1|B-2",
      images: "",
      documents: "",
      unit: "PR",
      pack_quantity: "1",
      min_order_quantity: "10",
      order_multiple: "5",
      hazard: JSON.stringify(hazard),
      diameter: "4-1/2 in",
    });
    const read = productFromRow(products, cells);
    if (!read.ok) throw new Error("the row should read");
    const written = rowOfProduct(completeProduct(read.input), ["diameter"]);
    expect(
      cellsByColumn(
        products,
        products.columns.map((column) => written[column] ?? ""),
      ),
    ).toEqual(cells);
  });
});

describe("a row of a stock-and-price feed", () => {
  it("reads part number, price and stock, and names the column of a problem", () => {
    expect(feedFromRow({ part_number: "op-1", price: "9.5", stock_level: "40" })).toEqual({
      ok: true,
      input: { partNumber: "op-1", price: "9.50", stockLevel: 40 },
    });
    expect(feedFromRow({ part_number: "OP-1", price: "ten", stock_level: "1.5" })).toEqual({
      ok: false,
      problems: [
        { column: "price", message: "The price must be an amount in dollars with at most 2 decimals, e.g. 12.99" },
        { column: "stock_level", message: "The stock level must be a whole number, 0 or more, e.g. 250" },
      ],
    });
  });
});
