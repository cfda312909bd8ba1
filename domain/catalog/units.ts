// Measures as trade buyers write them: 4-1/2 in, 4.5in, 114.3 mm and 4 1/2" are one length. A
// measure is stored once in its family's base unit and shown in the unit the buyer reads.
// Shared by the browser (the product editor) and the server (import, filters, display).
import { formatNumber } from "../text/numbers";

export const unitFamilies = ["length", "angle", "mass", "volume", "count", "grit", "speed", "current"] as const;
export type UnitFamily = (typeof unitFamilies)[number];

interface Unit {
  /** How the unit is shown after a number. */
  symbol: string;
  /** How many base units one of it is. */
  factor: number;
  /** Other ways buyers write it, lower case. */
  aliases: string[];
}

interface Family {
  /** What a value of the family is, in a message: "is not a length". */
  noun: string;
  units: Unit[];
  /** How to write a value, in a message. */
  example: string;
}

const families: Record<UnitFamily, Family> = {
  length: {
    noun: "a length",
    example: "4-1/2 in, 4.5 in or 114.3 mm",
    units: [
      { symbol: "mm", factor: 1, aliases: ["millimeter", "millimeters", "millimetre", "millimetres"] },
      { symbol: "in", factor: 25.4, aliases: ['"', "inch", "inches", "in."] },
      { symbol: "cm", factor: 10, aliases: ["centimeter", "centimeters"] },
      { symbol: "ft", factor: 304.8, aliases: ["'", "foot", "feet"] },
      { symbol: "m", factor: 1000, aliases: ["meter", "meters", "metre", "metres"] },
    ],
  },
  angle: {
    noun: "an angle",
    example: "118° or 118 deg",
    units: [{ symbol: "°", factor: 1, aliases: ["deg", "degree", "degrees"] }],
  },
  mass: {
    noun: "a weight",
    example: "16 oz, 1 lb or 454 g",
    units: [
      { symbol: "g", factor: 1, aliases: ["gram", "grams"] },
      { symbol: "kg", factor: 1000, aliases: ["kilogram", "kilograms"] },
      { symbol: "oz", factor: 28.349523125, aliases: ["ounce", "ounces"] },
      { symbol: "lb", factor: 453.59237, aliases: ["lbs", "pound", "pounds"] },
    ],
  },
  volume: {
    noun: "a volume",
    example: "12 fl oz, 1 gal or 500 ml",
    units: [
      { symbol: "ml", factor: 1, aliases: ["milliliter", "milliliters", "millilitre", "millilitres"] },
      { symbol: "L", factor: 1000, aliases: ["l", "liter", "liters", "litre", "litres"] },
      { symbol: "fl oz", factor: 29.5735295625, aliases: ["oz", "floz", "fl. oz"] },
      { symbol: "qt", factor: 946.352946, aliases: ["quart", "quarts"] },
      { symbol: "gal", factor: 3785.411784, aliases: ["gallon", "gallons"] },
    ],
  },
  count: {
    noun: "a whole number",
    example: "10",
    units: [{ symbol: "", factor: 1, aliases: ["pcs", "pc", "pieces", "pack", "pk", "ct"] }],
  },
  grit: {
    noun: "a grit",
    example: "60 or 60 grit",
    units: [{ symbol: "", factor: 1, aliases: ["grit", "g"] }],
  },
  speed: {
    noun: "a speed",
    example: "13,300 rpm",
    units: [{ symbol: "rpm", factor: 1, aliases: ["r/min"] }],
  },
  current: {
    noun: "a current",
    example: "20 A",
    units: [{ symbol: "A", factor: 1, aliases: ["a", "amp", "amps", "ampere", "amperes"] }],
  },
};

/** Values are kept to a millionth of a base unit, so 4.5 in and 114.3 mm are the same number. */
const roundBase = (value: number) => Math.round(value * 1e6) / 1e6;

/** The units a family's values may be shown in, base unit first. */
export function unitsOf(family: UnitFamily): string[] {
  return families[family].units.map((unit) => unit.symbol);
}

export function isUnitFamily(text: string): text is UnitFamily {
  return (unitFamilies as readonly string[]).includes(text);
}

function findUnit(family: UnitFamily, written: string): Unit | undefined {
  const lower = written.toLowerCase();
  return families[family].units.find((unit) => unit.symbol.toLowerCase() === lower || unit.aliases.includes(lower));
}

// A number as written: 4, 4.5, .5, 1/2, 4-1/2, 4 1/2, 13,300.
const numberPattern = /^(?:(\d+)[- ](\d+)\/(\d+)|(\d+)\/(\d+)|(\d{1,3}(?:,\d{3})+|\d*\.?\d+))/;

function readNumber(text: string): { value: number; rest: string } | undefined {
  const match = numberPattern.exec(text);
  if (!match) return undefined;
  const [whole, mixedWhole, mixedTop, mixedBottom, top, bottom, plain] = match;
  let value: number;
  if (mixedWhole !== undefined) {
    if (Number(mixedBottom) === 0) return undefined;
    value = Number(mixedWhole) + Number(mixedTop) / Number(mixedBottom);
  } else if (top !== undefined) {
    if (Number(bottom) === 0) return undefined;
    value = Number(top) / Number(bottom);
  } else {
    value = Number(String(plain).replaceAll(",", ""));
  }
  return Number.isFinite(value) ? { value, rest: text.slice(whole.length) } : undefined;
}

export type MeasureResult =
  | {
      ok: true;
      value: number;
      /** The unit read: the one written, else the default. */
      unit: string;
      /** Whether a unit was written after the number ("4.5 in", not "4.5"). */
      unitWritten: boolean;
    }
  | { ok: false; message: string };

/**
 * Reads a measure of `family` into its base unit. A bare number is in `defaultUnit` (the unit the
 * attribute is shown in), so "4.5" for a diameter shown in inches is 4.5 in.
 */
export function parseMeasure(raw: string, family: UnitFamily, defaultUnit?: string | null): MeasureResult {
  const { noun, example } = families[family];
  const refused: MeasureResult = { ok: false, message: `"${raw.trim()}" is not ${noun}: write it like ${example}` };
  // Sandpaper grits are often written P120 (the FEPA scale's letter).
  const text = family === "grit" ? raw.trim().replace(/^p(?=\d)/i, "") : raw.trim();
  const number = readNumber(text);
  if (!number) return refused;
  const written = number.rest.trim();
  const unit = written === "" ? findUnit(family, defaultUnit ?? unitsOf(family)[0] ?? "") : findUnit(family, written);
  if (!unit) return refused;
  if ((family === "count" || family === "grit") && !Number.isInteger(number.value)) return refused;
  return { ok: true, value: roundBase(number.value * unit.factor), unit: unit.symbol, unitWritten: written !== "" };
}

// Inches read as fractions in the trade (7/8 in, 4-1/2 in) down to 64ths; other values as decimals.
function inchFraction(inches: number): string | undefined {
  const sixtyFourths = Math.round(inches * 64);
  if (Math.abs(sixtyFourths / 64 - inches) > 1e-6) return undefined;
  const whole = Math.floor(sixtyFourths / 64);
  let top = sixtyFourths % 64;
  let bottom = 64;
  if (top === 0) return String(whole);
  while (top % 2 === 0) {
    top /= 2;
    bottom /= 2;
  }
  return whole === 0 ? `${top}/${bottom}` : `${whole}-${top}/${bottom}`;
}

/** A base-unit value as a plain number in `unit` of its family (4.5 for 114.3 mm in inches). */
export function fromBase(base: number, family: UnitFamily, unit?: string | null): number {
  const shown = (unit ? findUnit(family, unit) : undefined) ?? families[family].units[0];
  return base / (shown?.factor ?? 1);
}

/** A base-unit value's number as shown in `unit` of its family ("4-1/2"), and the unit's symbol ("in"). */
function measureParts(base: number, family: UnitFamily, unit?: string | null): { number: string; symbol: string } {
  const shown = (unit ? findUnit(family, unit) : undefined) ?? families[family].units[0];
  if (!shown) return { number: formatNumber(base), symbol: "" };
  const value = base / shown.factor;
  return {
    number: (shown.symbol === "in" ? inchFraction(value) : undefined) ?? formatNumber(value),
    symbol: shown.symbol,
  };
}

/** A base-unit value shown in `unit` of its family: "4-1/2 in", "114.3 mm", "13,300 rpm", "60". */
export function formatMeasure(base: number, family: UnitFamily, unit?: string | null): string {
  const { number, symbol } = measureParts(base, family, unit);
  return withSymbol(number, symbol);
}

/** From `low` to `high` with the unit said once, "4 to 7 in"; one value when they are the same. */
export function formatMeasureRange(low: number, high: number, family: UnitFamily, unit?: string | null): string {
  const from = measureParts(low, family, unit);
  const to = measureParts(high, family, unit);
  if (from.number === to.number) return withSymbol(to.number, to.symbol);
  // "118° to 135°": a degree sign belongs to each number.
  return to.symbol === "°"
    ? `${withSymbol(from.number, "°")} to ${withSymbol(to.number, "°")}`
    : withSymbol(`${from.number} to ${to.number}`, to.symbol);
}

const withSymbol = (number: string, symbol: string) =>
  symbol === "" ? number : symbol === "°" ? `${number}°` : `${number} ${symbol}`;

/**
 * formatMeasure, unless that rounds the value (19 fl oz shown in gallons is "0.148 gal"): then the
 * value in its base unit to the precision it is stored at, so a file written with it, the catalogue
 * export, reads back the very value stored.
 */
export function formatMeasureExactly(base: number, family: UnitFamily, unit?: string | null): string {
  const shown = formatMeasure(base, family, unit);
  const read = parseMeasure(shown, family, unit);
  if (read.ok && read.value === base) return shown;
  return withSymbol(formatNumber(base, 6), families[family].units[0]?.symbol ?? "");
}
