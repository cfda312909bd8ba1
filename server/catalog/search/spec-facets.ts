// Spec filters and their counts, for listings and search results. The attributes on offer are
// those of the subcategories in view, one per slug (a diameter of grinding wheels and of flap discs
// is one filter). Counts are computed in SQL over the products in view, never by loading them:
// each option counts the parts it would leave with every other filter applied but not its own
// attribute's (so a buyer can widen as well as narrow), and a value the other filters rule out is
// counted 0 rather than dropped (docs/decisions/spec-filters.md).
import { and, type SQL, sql } from "drizzle-orm";
import {
  type FilterAttribute,
  type RawSpecParams,
  readSpecParams,
  readUnits,
  resolveSpecFilters,
  type SpecFacet,
  type SpecFilter,
  type SpecState,
} from "../../../domain/catalog/spec-filters";
import { db } from "../../db/client";
import { keptUntil } from "../../db/kept";
import { productAttributeValues, products } from "../../db/schema";
import { type AttributeDefinition, attributeDefinitionsBySubcategory } from "../products/attributes";

/** An attribute on offer: one slug, and the attribute of each subcategory in view that carries it. */
export interface ScopeAttribute extends FilterAttribute {
  ids: number[];
  position: number;
}

/** A number attribute with more values than this is filtered by its range only. */
export const MAX_NUMBER_OPTIONS = 15;
/** Values listed per text attribute, the most common first. */
export const MAX_TEXT_OPTIONS = 40;
/** The values of each attribute read: enough to list a text's options, and to tell a number has too many to list. */
export const ROWS_PER_FACET = Math.max(MAX_TEXT_OPTIONS, MAX_NUMBER_OPTIONS + 1);
/** Attributes shown beside a listing of several subcategories (those most parts have), besides any in use. */
export const MAX_FACETS = 10;

/** Attributes merged by slug; a slug that means a number in one subcategory and text in another keeps its first meaning. */
export function mergeAttributes(definitions: AttributeDefinition[], reserved: readonly string[]): ScopeAttribute[] {
  const bySlug = new Map<string, ScopeAttribute>();
  for (const definition of definitions) {
    if (reserved.includes(definition.slug)) continue;
    const known = bySlug.get(definition.slug);
    if (!known) {
      bySlug.set(definition.slug, {
        slug: definition.slug,
        name: definition.name,
        kind: definition.kind,
        unitFamily: definition.unitFamily,
        displayUnit: definition.displayUnit,
        choices: [...definition.choices],
        ids: [definition.id],
        position: definition.position,
      });
      continue;
    }
    const bothNumbers = known.kind === "number" && definition.kind === "number";
    if (
      bothNumbers ? known.unitFamily !== definition.unitFamily : known.kind === "number" || definition.kind === "number"
    )
      continue;
    known.ids.push(definition.id);
    if (known.kind === "choice" && definition.kind === "choice")
      for (const choice of definition.choices) if (!known.choices.includes(choice)) known.choices.push(choice);
    // A slug that is a choice in one subcategory and free text in another takes any text.
    if (known.kind !== definition.kind) known.kind = "text";
  }
  return [...bySlug.values()];
}

// Every subcategory's attributes, read once until the operator changes them (a catalogue API call
// or search read all 364 of the seed's each time: 2-4 ms), and kept with them each scope's merged:
// merging all 364 for each search took 0.3 ms of its process's CPU (a CPU profile at a million
// parts, session 39). Frozen, as every request in the scope shares them; scopes are named by the
// URL, so a bounded few.
const everyAttribute = keptUntil(["categoriesChanged"], async (database) => ({
  bySubcategory: await attributeDefinitionsBySubcategory(database, undefined),
  merged: new Map<string, ScopeAttribute[]>(),
}));
const MOST_SCOPES_KEPT = 1_000;

function frozen(attributes: ScopeAttribute[]): ScopeAttribute[] {
  for (const attribute of attributes) {
    Object.freeze(attribute.ids);
    Object.freeze(attribute.choices);
    Object.freeze(attribute);
  }
  return Object.freeze(attributes) as ScopeAttribute[];
}

/** The attributes of these subcategories (of every one, when none are named), merged by slug. */
export async function scopeAttributes(
  subcategories: string[] | undefined,
  reserved: readonly string[],
): Promise<ScopeAttribute[]> {
  const { bySubcategory, merged } = await everyAttribute();
  const scope = JSON.stringify([subcategories ?? null, reserved]);
  let attributes = merged.get(scope);
  if (!attributes) {
    const ordered = subcategories
      ? subcategories.flatMap((slug) => bySubcategory.get(slug) ?? [])
      : [...bySubcategory.values()].flat();
    attributes = frozen(mergeAttributes(ordered, reserved));
    if (merged.size >= MOST_SCOPES_KEPT) merged.clear();
    merged.set(scope, attributes);
  }
  return attributes;
}

/** The spec filters a listing's or search's URL names, read against the attributes in view. */
export async function readSpecFilters(
  search: URLSearchParams,
  subcategories: string[] | undefined,
  reserved: readonly string[],
): Promise<{ attributes: ScopeAttribute[]; spec: SpecState; problems: string[] }> {
  const raw: RawSpecParams = readSpecParams(search, reserved);
  const units = readUnits(search);
  // No attribute named: the attributes are still read, as the filters to offer.
  const attributes = await scopeAttributes(subcategories, reserved);
  const { state, problems } = resolveSpecFilters(raw, attributes, units);
  return { attributes, spec: state, problems };
}

const list = (values: SQL[]) => sql.join(values, sql`, `);
const ids = (attribute: ScopeAttribute) => list(attribute.ids.map((id) => sql`${id}`));
// Values are compared to a ten-thousandth of a base unit: 4.5 in and 114.3 mm are one value.
export const TOLERANCE = 1e-4;

/** Whether a part's row of product_attribute_values meets `filter`. */
function valueCondition(filter: SpecFilter, attribute: ScopeAttribute): SQL {
  const conditions: SQL[] = [sql`${productAttributeValues.attributeId} in (${ids(attribute)})`];
  if (filter.kind === "text") {
    conditions.push(sql`${productAttributeValues.textValue} in (${list(filter.values.map((value) => sql`${value}`))})`);
  } else {
    const number = productAttributeValues.numberValue;
    if (filter.values.length > 0) {
      const any = filter.values.map(
        (value) => sql`${number} between ${value - TOLERANCE}::float8 and ${value + TOLERANCE}::float8`,
      );
      conditions.push(sql`(${sql.join(any, sql` or `)})`);
    }
    if (filter.min !== undefined) conditions.push(sql`${number} >= ${filter.min - TOLERANCE}::float8`);
    if (filter.max !== undefined) conditions.push(sql`${number} <= ${filter.max + TOLERANCE}::float8`);
  }
  return sql.join(conditions, sql` and `);
}

/** Each active filter with its condition on a product (a row of `products`). */
function filterConditions(spec: SpecState, attributes: ScopeAttribute[]) {
  return spec.filters.flatMap((filter) => {
    const attribute = attributes.find((candidate) => candidate.slug === filter.slug);
    if (!attribute) return [];
    const condition = sql`exists (select 1 from ${productAttributeValues}
      where ${productAttributeValues.productId} = ${products.id} and ${valueCondition(filter, attribute)})`;
    return [{ slug: filter.slug, condition }];
  });
}

/** The condition on `products` that every spec filter holds, or undefined when none is active. */
export function specWhere(spec: SpecState, attributes: ScopeAttribute[]): SQL | undefined {
  return and(...filterConditions(spec, attributes).map((filter) => filter.condition));
}

/** One value of an attribute on offer, counted: in scope (`present`) and with the other filters (`n`). */
export interface FacetRow extends Record<string, unknown> {
  /** The attribute's place in the attributes on offer. */
  facet: number;
  num: number | null;
  txt: string | null;
  present: number;
  n: number;
  distinct_values: number;
  span_min: number | null;
  span_max: number | null;
}

/**
 * The spec facets of the products in `scope` (the listing's category or subcategory, or what a
 * search matched), with the other filters (`fixed`: brand, stock, a search's category) and the
 * spec filters applied as each count needs them. A value is listed when a product in scope has it,
 * whatever the filters; with `definedChoices`, a choice no product has yet is listed too (at 0).
 */
export async function specFacets({
  scope,
  fixed,
  spec,
  attributes,
  definedChoices,
}: {
  scope: SQL;
  fixed: SQL | undefined;
  spec: SpecState;
  attributes: ScopeAttribute[];
  definedChoices: boolean;
}): Promise<SpecFacet[]> {
  if (attributes.length === 0) return [];
  const filters = filterConditions(spec, attributes);
  const flags = filters.map((filter, i) => sql`, ${filter.condition} as ${sql.identifier(`m${i}`)}`);
  // Each attribute id is numbered by its facet (its slug's place in `attributes`): grouping and
  // comparing small integers, not slugs, keeps the statement cheap on a large subcategory.
  const facetOf = new Map(attributes.map((attribute, index) => [attribute.slug, index]));
  // The attribute ids as one constant array, each id's facet found by its place in it: the planner
  // reads from the array how many values those attributes have (joined to a list of ids instead,
  // it guessed a few hundred rows where a large subcategory has 66,000, and looked each part up
  // one by one: 350 ms → 85 ms at 100,000 products). One array, not a parameter per id: searching
  // every subcategory names ~300 attributes, and planning 600 parameters took ~50 ms.
  const pairs = attributes.flatMap((attribute, index) => attribute.ids.map((id) => [id, index] as const));
  const intArray = (values: number[]) => sql`${`{${values.join(",")}}`}::int[]`;
  const attributeIds = intArray(pairs.map(([id]) => id));
  const facetOfValue = sql`(${intArray(pairs.map(([, index]) => index))})[array_position(${attributeIds}, v.attribute_id)]`;
  // A value of attribute A counts the parts that pass every filter but A's own.
  const othersPass = sql.join(
    [
      sql`f.fixed_pass`,
      ...filters.map(
        (filter, i) => sql`(f.facet = ${facetOf.get(filter.slug) ?? -1}::int or f.${sql.identifier(`m${i}`)})`,
      ),
    ],
    sql` and `,
  );
  // Text is grouped by its bytes (collate "C"): the same groups, without the locale's slower comparisons.
  const result = await db().execute<FacetRow>(sql`
    with base as (
      select ${products.id} as id, (${fixed ?? sql`true`}) as fixed_pass ${sql.join(flags, sql``)}
      from ${products} where ${scope}
    )
    select facet, num, txt, present, n, distinct_values, span_min, span_max from (
      select g.*,
        row_number() over (partition by g.facet order by g.present desc, g.num, g.txt) as rn,
        (count(*) over (partition by g.facet))::int as distinct_values,
        min(g.num) filter (where g.n > 0) over (partition by g.facet) as span_min,
        max(g.num) filter (where g.n > 0) over (partition by g.facet) as span_max
      from (
        select f.facet, f.num, f.txt, count(*)::int as present, (count(*) filter (where ${othersPass}))::int as n
        from (
          select base.*, ${facetOfValue} as facet, v.number_value as num, (v.text_value collate "C") as txt
          from base join ${productAttributeValues} v on v.product_id = base.id
          where v.attribute_id = any(${attributeIds})
        ) f
        group by f.facet, f.num, f.txt
      ) g
    ) ranked
    where rn <= ${ROWS_PER_FACET}`);
  return facetsFromRows(result.rows, { spec, attributes, definedChoices });
}

/**
 * The facets shown, from each attribute's values counted (by the statement above, or by the
 * catalogue's index in memory, server/catalog/index/): those most parts in view have, any in use.
 */
export function facetsFromRows(
  rows: FacetRow[],
  { spec, attributes, definedChoices }: { spec: SpecState; attributes: ScopeAttribute[]; definedChoices: boolean },
): SpecFacet[] {
  const rowsByFacet = new Map<number, FacetRow[]>();
  for (const row of rows) {
    const list = rowsByFacet.get(row.facet);
    if (list) list.push(row);
    else rowsByFacet.set(row.facet, [row]);
  }

  const facets = attributes.map((attribute, index) => {
    const rows = rowsByFacet.get(index) ?? [];
    const filter = spec.filters.find((candidate) => candidate.slug === attribute.slug);
    return { attribute, rows, filter, present: rows.reduce((sum, row) => sum + row.present, 0) };
  });
  // Only those shown are built: a search's scope is every subcategory's attributes, hundreds of them.
  const weights = facets.map(({ attribute, filter, present }) => ({
    present,
    filtered: filter !== undefined,
    position: attribute.position,
  }));
  return shownFacets(weights).flatMap((index) => {
    const facet = facets[index];
    return facet ? [buildFacet(facet.attribute, facet.rows, facet.filter, definedChoices)] : [];
  });
}

/**
 * The attributes whose facets are shown, as indexes into `facets`, in the order shown: the
 * `MAX_FACETS` most parts in view have (`present`: the parts of its values read, at most
 * `ROWS_PER_FACET` values), in the operator's order among equals; and any with a filter in use.
 * The catalogue's index asks it too, and reads the values of those attributes only.
 */
export function shownFacets(facets: readonly { present: number; filtered: boolean; position: number }[]): number[] {
  return facets
    .map((facet, index) => ({ ...facet, index }))
    .filter((facet) => facet.present > 0 || facet.filtered)
    .sort((a, b) => b.present - a.present || a.position - b.position)
    .filter((facet, place) => place < MAX_FACETS || facet.filtered)
    .map((facet) => facet.index);
}

function buildFacet(
  attribute: ScopeAttribute,
  rows: FacetRow[],
  filter: SpecFilter | undefined,
  definedChoices: boolean,
): SpecFacet {
  const { ids: _ids, position: _position, ...shown } = attribute;
  const distinct = rows[0]?.distinct_values ?? 0;
  if (attribute.kind === "number") {
    const listed = distinct <= MAX_NUMBER_OPTIONS ? rows : [];
    const options = listed.map((row) => ({ value: row.num ?? 0, count: row.n }));
    // A value named in the link that no part in view has stays listed, at 0, so it can be unticked.
    for (const value of filter?.kind === "number" ? filter.values : [])
      if (!options.some((option) => Math.abs(Number(option.value) - value) < TOLERANCE)) {
        // Not listed (the attribute has too many values): its count when it is among the values read.
        const row = rows.find((candidate) => candidate.num !== null && Math.abs(candidate.num - value) < TOLERANCE);
        options.push({ value, count: row?.n ?? 0 });
      }
    const first = rows[0];
    return {
      ...shown,
      options: options.sort((a, b) => Number(a.value) - Number(b.value)),
      more: 0,
      span:
        first && first.span_min !== null && first.span_max !== null
          ? { min: first.span_min, max: first.span_max }
          : null,
    };
  }
  const counts = new Map(rows.map((row) => [row.txt ?? "", row.n]));
  const values = [
    ...(attribute.kind === "choice" && definedChoices ? attribute.choices : []),
    ...rows.map((row) => row.txt ?? ""),
    ...(filter?.kind === "text" ? filter.values : []),
  ];
  const options = [...new Set(values)].map((value) => ({ value, count: counts.get(value) ?? 0 }));
  if (attribute.kind === "text") options.sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : 1));
  return { ...shown, options, more: Math.max(0, distinct - rows.length), span: null };
}
