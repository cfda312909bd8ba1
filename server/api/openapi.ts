// The OpenAPI 3.1 description of /api/v1, served at /api/v1/openapi.json. The order body's schema
// is made from the zod schema the server checks it with, so the two cannot drift apart.
import { z } from "zod";
import { config } from "../config";
import { MAX_PER_PAGE, MAX_PRICE_PARTS } from "./catalog";
import { MAX_ORDER_LINES, orderBodySchema } from "./orders";

const money = {
  type: "string",
  pattern: "^\\d+\\.\\d{2}$",
  description: "US dollars, 2 decimals",
  examples: ["12.99"],
};
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: object) => ({ "application/json": { schema } });
const error = (description: string) => ({ description, content: json(ref("Error")) });

const pageParameters = [
  { name: "page", in: "query", schema: { type: "integer", minimum: 1, default: 1 } },
  { name: "perPage", in: "query", schema: { type: "integer", minimum: 1, maximum: MAX_PER_PAGE, default: 50 } },
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

const common = {
  401: error("No key, a key that is not valid, or a revoked key"),
  405: error("The method is not allowed here"),
  422: error("A parameter or a field is not valid: `field` names it, `details` lists every problem"),
  500: error("Something went wrong on the store's side"),
};

export function openApiDocument() {
  return {
    openapi: "3.1.0",
    info: {
      title: "Cascade Industrial Supply API",
      version: "1.0.0",
      description:
        'Read the catalogue and your company\'s prices, and place orders on your company\'s terms. Authenticate with a company API key (a company admin creates one at /account/company/api-keys): `Authorization: Bearer cis_…`. Every error is `{ "error": { "code", "message", "field"? } }`.',
    },
    servers: [{ url: `${config().PUBLIC_URL}/api/v1` }],
    security: [{ apiKey: [] }],
    paths: {
      "/products": {
        get: {
          summary: "The catalogue, a page at a time, in part-number order",
          operationId: "listProducts",
          parameters: pageParameters,
          responses: { 200: { description: "A page of products", content: json(page("Product")) }, ...common },
        },
      },
      "/prices": {
        get: {
          summary: "What your company pays for these parts",
          description:
            "Priced by the same function as your cart: the bulk tier for the quantity (and any price agreed with your company) applies.",
          operationId: "listPrices",
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
          parameters: pageParameters,
          responses: { 200: { description: "A page of orders", content: json(page("OrderSummary")) }, ...common },
        },
        post: {
          summary: "Place an order on your company's terms",
          description: `At most ${MAX_ORDER_LINES} lines, each part once. The credit limit, stock and prices are checked as at checkout. A retry with the same Idempotency-Key and body answers with the first order (header Idempotent-Replayed: true) and never places a second; the same key with another body is refused (422, idempotency_key_reused). A refused request is not remembered: fix it and send it again with the same key.`,
          operationId: "placeOrder",
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
            403: error("Your company is not on terms, or the key's admin may no longer order"),
            409: error("Credit limit, stock or PO number: the order cannot be placed as it is"),
            ...common,
          },
        },
      },
      "/orders/{orderNumber}": {
        get: {
          summary: "One of your company's orders",
          operationId: "getOrder",
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
      securitySchemes: { apiKey: { type: "http", scheme: "bearer", description: "A company API key, cis_…" } },
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
                  examples: ["unauthorized", "validation_failed", "invalid_json", "idempotency_key_reused", "conflict"],
                },
                message: { type: "string" },
                field: { type: "string", examples: ["lines[0].quantity", "Idempotency-Key"] },
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
        Product: {
          type: "object",
          properties: {
            partNumber: { type: "string" },
            name: { type: "string" },
            brand: { type: "string" },
            category: { type: "string" },
            subcategory: { type: "string" },
            price: { ...money, description: "List price of one" },
            currency: { const: "USD" },
            tiers: {
              type: "array",
              items: { type: "object", properties: { minQuantity: { type: "integer" }, unitPrice: money } },
            },
            stockLevel: { type: "integer" },
            status: { enum: ["active", "discontinued"] },
            url: { type: "string", format: "uri" },
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
                  quantity: { type: "integer" },
                  unitPrice: money,
                  lineTotal: money,
                },
              },
            },
          },
        },
      },
    },
  };
}
