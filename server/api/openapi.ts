// The OpenAPI 3.1 description of /api/v1, served at /api/v1/openapi.json. The order body's schema
// is made from the zod schema the server checks it with, so the two cannot drift apart.
import { z } from "zod";
import { saleUnitCodes } from "../../domain/catalog/sale-units";
import { type ApiScope, apiScopeLabels, apiScopes } from "../../domain/companies/api-keys";
import { carrierCodes } from "../../domain/orders/carriers";
import { config } from "../config";
import { MAX_PER_PAGE, MAX_PRICE_PARTS } from "./catalog";
import { MAX_ORDER_LINES, orderBodySchema } from "./orders";
import { apiSorts, DEFAULT_API_PER_PAGE, MAX_API_PAGE, MAX_API_PER_PAGE } from "./product-params";
import { VISITOR_CACHE_CONTROL, visitorCatalogueLimit } from "./products";

const money = {
  type: "string",
  pattern: "^\\d+\\.\\d{2}$",
  description: "US dollars, 2 decimals",
  examples: ["12.99"],
};
const saleUnitProperty = {
  type: "string",
  enum: saleUnitCodes,
  description: "The unit of sale, a UN/CEFACT code: the price, `stock_level` and every quantity count it",
  examples: ["EA", "BX"],
};
const packQuantityProperty = {
  type: "integer",
  minimum: 1,
  description: "Pieces in one unit of sale (25 for a box of 25; 1 for each)",
};
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: object) => ({ "application/json": { schema } });
const error = (description: string) => ({ description, content: json(ref("Error")) });

const pageParameters = [
  { name: "page", in: "query", schema: { type: "integer", minimum: 1, default: 1 } },
  { name: "perPage", in: "query", schema: { type: "integer", minimum: 1, maximum: MAX_PER_PAGE, default: 50 } },
];

/** GET /products' parameters (server/api/product-params.ts reads them). */
const productParameters = () => [
  {
    name: "q",
    in: "query",
    description:
      "Words, a part number or an OEM number, as in the store's search box: sizes in any form ('4 1/2', '4.5in', '115 mm'), trade synonyms, up to two typos a word. Empty or absent: no words.",
    schema: { type: "string", maxLength: 200 },
    example: "grinding wheel",
  },
  {
    name: "category",
    in: "query",
    description: "A category's slug, as in /category/<slug>. Unknown: 404.",
    schema: { type: "string" },
    example: "abrasives",
  },
  {
    name: "subcategory",
    in: "query",
    description:
      "A subcategory's slug (unique across categories; `category` may be left out). Unknown, or not of `category`: 404. Its attributes are the filters on offer.",
    schema: { type: "string" },
    example: "grinding-wheels",
  },
  {
    name: "brand",
    in: "query",
    description: "A brand's name, as `facets.brands` lists it.",
    schema: { type: "string", maxLength: 60 },
  },
  {
    name: "in_stock",
    in: "query",
    description: "`1`: only parts in stock. Any other value: 400.",
    schema: { type: "string", enum: ["1"] },
  },
  {
    name: "sort",
    in: "query",
    description:
      "`relevance` (the default): best match for `q`, and without `q` the store's listing order (featured, then most reviewed). `price_asc`, `price_desc`: by list price. `name`: A to Z. Ties go by name, then part number.",
    schema: { type: "string", enum: Object.keys(apiSorts), default: "relevance" },
  },
  {
    name: "page",
    in: "query",
    schema: { type: "integer", minimum: 1, maximum: MAX_API_PAGE, default: 1 },
  },
  {
    name: "per_page",
    in: "query",
    schema: { type: "integer", minimum: 1, maximum: MAX_API_PER_PAGE, default: DEFAULT_API_PER_PAGE },
  },
  {
    name: "attributes",
    in: "query",
    description: [
      "One parameter per spec filter, named by the attribute's slug (the slugs on offer are in `facets.attributes`); they need a `subcategory`, a `category` or `q` to say whose attributes they are, and a slug that is not an attribute there is a 400.",
      "Numbers: `diameter=4.5in` (a value; `4-1/2in`, `4 1/2 in` and `114.3mm` are the same one), or a range `diameter_min=4in&diameter_max=115mm` (either end may be left out). A number carries its unit; a bare number is in the unit `facets.attributes[].unit` names.",
      "Choices and text: `abrasive=Zirconia`, matched whatever its case. Several values of one attribute: repeat the parameter (`abrasive=Zirconia&abrasive=Ceramic`), and a part with any of them matches; a comma is part of a value, not a separator. Different attributes must all match.",
    ].join("\n\n"),
    style: "form",
    explode: true,
    schema: {
      type: "object",
      additionalProperties: { oneOf: [{ type: "string" }, { type: "array", items: { type: "string" } }] },
    },
    example: { diameter: "4.5in", arbor: "7/8 in", grit: "36" },
  },
];

const page = (item: string) => ({
  type: "object",
  required: ["data", "page", "perPage", "total", "totalPages"],
  properties: {
    data: { type: "array", items: ref(item) },
    page: { type: "integer" },
    perPage: { type: "integer" },
    total: { type: "integer" },
    totalPages: { type: "integer" },
  },
});

const address = {
  type: "object",
  properties: {
    line1: { type: "string" },
    line2: { type: "string" },
    city: { type: "string" },
    state: { type: "string", description: "Two-letter US state" },
    zip: { type: "string" },
    country: { type: "string" },
  },
};

function orderRequestSchema() {
  const { $schema: _, ...schema } = z.toJSONSchema(orderBodySchema, { io: "input", unrepresentable: "any" });
  return schema;
}

/** A key's scope, as an operation's security requirement names it (OpenAPI 3.1 lets a bearer scheme list roles). */
const needs = (scope: ApiScope) => ({ security: [{ apiKey: [scope] }] });
const missingScope = error(
  "The key lacks the scope this operation needs, or its maker may no longer do what that scope allows: `code` is `insufficient_scope` and `scope` names it",
);

const common = {
  401: error("No key, a key that is not valid, or a revoked key"),
  403: missingScope,
  405: error("The method is not allowed here"),
  422: error("A parameter or a field is not valid: `field` names it, `details` lists every problem"),
  500: error("Something went wrong on the store's side"),
  503: error("The store is busy (no database connection came free in time): ask again after `Retry-After` seconds"),
};

export function openApiDocument() {
  return {
    openapi: "3.1.0",
    info: {
      title: "Cascade Industrial Supply API",
      version: "1.0.0",
      description:
        'Read the catalogue (open to anyone: GET /products) and your company\'s prices, and place orders on your company\'s terms. Authenticate with a company API key (a company admin creates one at /account/company/api-keys): `Authorization: Bearer cis_…`. A key does only what its scopes allow (each operation names the one it needs): without it, the answer is 403 with `code` `insufficient_scope` and the `scope`. Every error is `{ "error": { "code", "message", "field"?, "scope"? } }`.',
    },
    servers: [{ url: `${config().PUBLIC_URL}/api/v1` }],
    security: [{ apiKey: [] }],
    paths: {
      "/products": {
        get: {
          summary: "The catalogue: search, filter by category and specification, sort, a page at a time",
          description: [
            "Open to anyone: without a key, prices are list prices; with your company's key, each price is what your company pays for one (its contract price where that is lower). The parts, their order and the counts are those of the store's category and search pages for the same filters: both are answered by one query.",
            `Without a key, calls are limited to ${visitorCatalogueLimit().max} a minute per address (429 with Retry-After past it), and answers are public: \`Cache-Control: ${VISITOR_CACHE_CONTROL}\` with an ETag (send If-None-Match for a 304). With a key, the key's own limit applies and answers are \`private, no-store\`.`,
            "Every parameter is checked: an unknown one, or a value that cannot be used, is a 400 naming it in `error.field`; an unknown category or subcategory slug is a 404 naming it.",
          ].join("\n\n"),
          operationId: "listProducts",
          security: [{}, { apiKey: ["catalog:read"] }],
          parameters: productParameters(),
          responses: {
            200: {
              description: "A page of products, the total and the facets",
              headers: {
                "Cache-Control": {
                  description: `\`${VISITOR_CACHE_CONTROL}\` without a key; \`private, no-store\` with one`,
                  schema: { type: "string" },
                },
                ETag: { description: "Without a key: the answer's tag, for If-None-Match", schema: { type: "string" } },
              },
              content: json(ref("ProductPage")),
            },
            304: { description: "Without a key: the answer is the one tagged by If-None-Match" },
            400: error(
              "A parameter that cannot be used (`field` names it): unknown, given twice, empty, `per_page` over 100, `page` not a positive whole number, an unknown `sort`, `in_stock` other than 1, an attribute that is not of the subcategory, a value or range that cannot be read, a range on a choice",
            ),
            401: error("A key was sent and is not valid (or is revoked): send a valid key, or none"),
            403: missingScope,
            404: error("No category or subcategory has the slug given (`field` says which)"),
            405: error("The method is not allowed here"),
            429: {
              description: "Too many calls from this address (or with this key): wait the seconds in Retry-After",
              headers: { "Retry-After": { schema: { type: "integer" } } },
              content: json(ref("Error")),
            },
            500: error("Something went wrong on the store's side"),
          },
        },
      },
      "/prices": {
        get: {
          summary: "What your company pays for these parts",
          description:
            "Priced by the same function as your cart: the bulk tier for the quantity (and any price agreed with your company) applies.",
          operationId: "listPrices",
          ...needs("catalog:read"),
          parameters: [
            {
              name: "parts",
              in: "query",
              required: true,
              description: `Part numbers separated by commas, at most ${MAX_PRICE_PARTS}`,
              schema: { type: "string" },
              example: "GW-45-001,FD-80-001",
            },
            { name: "quantity", in: "query", schema: { type: "integer", minimum: 1, default: 1 } },
          ],
          responses: { 200: { description: "Prices", content: json(ref("PriceList")) }, ...common },
        },
      },
      "/addresses": {
        get: {
          summary: "Your company's address book: the ids an order's shipToId names",
          operationId: "listAddresses",
          ...needs("addresses:read"),
          responses: {
            200: {
              description: "The ship-to addresses, in the order they were added",
              content: json({
                type: "object",
                properties: {
                  data: {
                    type: "array",
                    items: {
                      type: "object",
                      properties: {
                        id: { type: "string", format: "uuid" },
                        label: { type: "string" },
                        address,
                        isDefault: { type: "boolean" },
                      },
                    },
                  },
                },
              }),
            },
            ...common,
          },
        },
      },
      "/orders": {
        get: {
          summary: "Your company's orders, newest first",
          operationId: "listOrders",
          ...needs("orders:read"),
          parameters: pageParameters,
          responses: { 200: { description: "A page of orders", content: json(page("OrderSummary")) }, ...common },
        },
        post: {
          summary: "Place an order on your company's terms",
          description: `At most ${MAX_ORDER_LINES} lines, each part once. The credit limit, stock and prices are checked as at checkout: a quantity past the stock of a back-orderable part ships what is in stock now and back-orders the rest (each line says so), past the stock of any other part it is refused (409, naming what is in stock), never cut. Quantities count the part's unit of sale; a quantity below its minimum or off its order multiple is refused (422, \`invalid_quantity\`, naming the line and the nearest quantities that would do). A retry with the same Idempotency-Key and body answers with the first order (header Idempotent-Replayed: true) and never places a second; the same key with another body is refused (422, idempotency_key_reused). A refused request is not remembered: fix it and send it again with the same key.`,
          operationId: "placeOrder",
          ...needs("orders:write"),
          parameters: [
            {
              name: "Idempotency-Key",
              in: "header",
              required: true,
              description: "A new unique value for each order (e.g. a UUID), 1 to 255 visible ASCII characters",
              schema: { type: "string", maxLength: 255 },
            },
          ],
          requestBody: { required: true, content: json(orderRequestSchema()) },
          responses: {
            201: { description: "The order, placed (or, for a retry, placed before)", content: json(ref("Order")) },
            409: error("Credit limit, stock or PO number: the order cannot be placed as it is"),
            ...common,
            422: error(
              "A field is not valid: `field` names it, `details` lists every problem. A line's quantity below the part's `min_order_quantity` or not a multiple of its `order_multiple` has `code` `invalid_quantity` and `field` `lines[i].quantity`, e.g. \"Sold in multiples of 25: 25 or 50?\"; a reused Idempotency-Key `idempotency_key_reused`; any other field `validation_failed`",
            ),
            403: error(
              "The key lacks the scope orders:write (`code` `insufficient_scope`), your company is not on terms, or the key's admin may no longer order",
            ),
          },
        },
      },
      "/orders/{orderNumber}": {
        get: {
          summary: "One of your company's orders",
          operationId: "getOrder",
          ...needs("orders:read"),
          parameters: [{ name: "orderNumber", in: "path", required: true, schema: { type: "string" } }],
          responses: {
            200: { description: "The order", content: json(ref("Order")) },
            404: error("Your company has no order with this number"),
            ...common,
          },
        },
      },
    },
    components: {
      securitySchemes: {
        apiKey: {
          type: "http",
          scheme: "bearer",
          description: `A company API key, cis_…, with the scopes chosen when it was made: ${apiScopes
            .map((scope) => `\`${scope}\` (${apiScopeLabels[scope].toLowerCase()})`)
            .join(", ")}. A key never does more than the admin who made it may do.`,
        },
      },
      schemas: {
        Error: {
          type: "object",
          required: ["error"],
          properties: {
            error: {
              type: "object",
              required: ["code", "message"],
              properties: {
                code: {
                  type: "string",
                  examples: [
                    "unauthorized",
                    "insufficient_scope",
                    "validation_failed",
                    "invalid_json",
                    "idempotency_key_reused",
                    "conflict",
                  ],
                },
                message: { type: "string" },
                field: { type: "string", examples: ["lines[0].quantity", "Idempotency-Key"] },
                scope: {
                  type: "string",
                  enum: [...apiScopes],
                  description: "With insufficient_scope: the scope the key lacks",
                },
                details: {
                  type: "array",
                  items: {
                    type: "object",
                    properties: { field: { type: "string" }, message: { type: "string" } },
                  },
                },
              },
            },
          },
        },
        ProductPage: {
          type: "object",
          required: ["total", "page", "per_page", "items", "facets"],
          properties: {
            total: { type: "integer", description: "Parts matching every filter" },
            page: { type: "integer" },
            per_page: { type: "integer" },
            items: { type: "array", items: ref("ProductItem") },
            facets: ref("ProductFacets"),
          },
        },
        ProductItem: {
          type: "object",
          required: [
            "part_number",
            "name",
            "price",
            "stock_level",
            "backorderable",
            "lead_time_days",
            "unit",
            "pack_quantity",
            "min_order_quantity",
            "order_multiple",
            "url",
          ],
          properties: {
            part_number: { type: "string" },
            name: { type: "string" },
            price: { ...money, description: "One unit: the list price, or with a key what your company pays" },
            stock_level: { type: "integer" },
            backorderable: {
              type: "boolean",
              description: "More than `stock_level` may be ordered: the rest is back-ordered for the lead time",
            },
            lead_time_days: {
              type: ["integer", "null"],
              description: "Business days to restock; a back-order is expected this many business days after the order",
            },
            unit: saleUnitProperty,
            pack_quantity: packQuantityProperty,
            min_order_quantity: { type: "integer", minimum: 1, description: "The fewest units an order may have" },
            order_multiple: { type: "integer", minimum: 1, description: "An order's quantity is a multiple of this" },
            url: { type: "string", format: "uri", description: "The product's page" },
          },
        },
        FacetCount: {
          type: "object",
          required: ["value", "count"],
          properties: {
            value: { type: "string", description: "What the parameter takes" },
            name: { type: "string", description: "Categories: the category's name" },
            count: { type: "integer", description: "Parts this value would leave" },
          },
        },
        ProductFacets: {
          type: "object",
          description:
            "Each count applies every other filter but its own facet's, so it is the total a client would get by choosing that value instead (categories ignore `category`, brands ignore `brand`, an attribute ignores its own filter).",
          required: ["categories", "brands", "attributes"],
          properties: {
            categories: {
              type: "array",
              items: ref("FacetCount"),
              description: "By `category` slug, most parts first",
            },
            brands: { type: "array", items: ref("FacetCount"), description: "By `brand`, most parts first" },
            attributes: {
              type: "array",
              description:
                "The spec filters on offer: those of the `subcategory`, or of the `category`'s subcategories, or of what `q` matches; none without any of the three.",
              items: {
                type: "object",
                required: ["slug", "name", "kind", "unit", "options", "more", "range"],
                properties: {
                  slug: { type: "string", description: "The parameter that filters on it", examples: ["diameter"] },
                  name: { type: "string", examples: ["Diameter"] },
                  kind: { enum: ["number", "choice", "text"] },
                  unit: { type: ["string", "null"], description: "Numbers: the unit a bare number is read in" },
                  options: {
                    type: "array",
                    items: {
                      type: "object",
                      required: ["value", "label", "count"],
                      properties: {
                        value: {
                          type: "string",
                          description: "As the parameter takes it",
                          examples: ["4.5in", "Zirconia"],
                        },
                        label: { type: "string", description: "As the store shows it", examples: ["4-1/2 in"] },
                        count: { type: "integer" },
                      },
                    },
                  },
                  more: { type: "integer", description: "Values present but not listed (free text with many values)" },
                  range: {
                    type: ["object", "null"],
                    description: "Numbers: the smallest and largest value the other filters leave",
                    properties: { min: { type: "string" }, max: { type: "string" } },
                  },
                },
              },
            },
          },
        },
        PriceList: {
          type: "object",
          properties: {
            currency: { const: "USD" },
            quantity: { type: "integer" },
            prices: {
              type: "array",
              items: {
                type: "object",
                properties: {
                  partNumber: { type: "string" },
                  name: { type: "string" },
                  listPrice: money,
                  unitPrice: { ...money, description: "What one costs at the quantity asked" },
                  lineTotal: money,
                  stockLevel: { type: "integer" },
                  backorderable: { type: "boolean", description: "More than `stockLevel` may be ordered" },
                  leadTimeDays: { type: ["integer", "null"], description: "Business days to restock" },
                  unit: saleUnitProperty,
                  packQuantity: packQuantityProperty,
                  minOrderQuantity: { type: "integer", minimum: 1, description: "The fewest units an order may have" },
                  orderMultiple: {
                    type: "integer",
                    minimum: 1,
                    description: "An order's quantity is a multiple of this",
                  },
                  priceBreaks: {
                    type: "array",
                    items: { type: "object", properties: { minQuantity: { type: "integer" }, unitPrice: money } },
                  },
                },
              },
            },
            unknownParts: { type: "array", items: { type: "string" } },
          },
        },
        OrderSummary: {
          type: "object",
          properties: {
            orderNumber: { type: "string" },
            status: { type: "string" },
            orderDate: { type: "string", format: "date-time" },
            poNumber: { type: ["string", "null"] },
            paymentMethod: { enum: ["terms", "card"] },
            total: money,
            currency: { const: "USD" },
          },
        },
        Order: {
          type: "object",
          properties: {
            orderNumber: { type: "string" },
            status: { enum: ["pending_payment", "paid", "processing", "shipped", "completed", "cancelled"] },
            orderDate: { type: "string", format: "date-time" },
            placedBy: { type: "string", format: "email" },
            poNumber: { type: ["string", "null"] },
            jobReference: { type: ["string", "null"] },
            paymentMethod: { enum: ["terms", "card"] },
            termsDays: { type: ["integer", "null"] },
            invoiceNumber: { type: ["string", "null"] },
            paymentDueDate: { type: ["string", "null"], format: "date-time" },
            currency: { const: "USD" },
            subtotal: money,
            discount: money,
            tax: money,
            total: money,
            shipTo: address,
            lines: {
              type: "array",
              items: {
                type: "object",
                properties: {
                  partNumber: { type: "string" },
                  name: { type: "string" },
                  quantity: { type: "integer", description: "Ordered: shipNow plus backordered plus cancelled" },
                  unit: { ...saleUnitProperty, description: "The unit of sale the quantity counts, as ordered" },
                  packQuantity: { ...packQuantityProperty, description: "Pieces in one unit, as ordered" },
                  shipNow: { type: "integer", description: "Taken from stock when the order was placed" },
                  backordered: { type: "integer", description: "Ordered past the stock: owed, not yet in stock" },
                  expectedOn: {
                    type: ["string", "null"],
                    format: "date",
                    description:
                      "The day the back-ordered part is expected (the store's business days); null when none is",
                  },
                  shipped: { type: "integer", description: "Shipped so far, by the order's shipments" },
                  cancelled: {
                    type: "integer",
                    description: "Cancelled by the buyer before it shipped; taken off backordered first, then shipNow",
                  },
                  unitPrice: money,
                  lineTotal: money,
                },
              },
            },
            shipments: {
              type: "array",
              description: "Only in GET /orders/{orderNumber}: the order's shipments, first first",
              items: {
                type: "object",
                properties: {
                  number: { type: "integer" },
                  shippedAt: { type: "string", format: "date-time" },
                  carrier: { enum: [...carrierCodes] },
                  carrierName: { type: "string" },
                  trackingNumber: { type: ["string", "null"] },
                  trackingUrl: { type: ["string", "null"], format: "uri" },
                  lines: {
                    type: "array",
                    items: {
                      type: "object",
                      properties: {
                        partNumber: { type: ["string", "null"] },
                        name: { type: "string" },
                        quantity: { type: "integer" },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
  };
}
