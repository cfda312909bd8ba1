// What a member's own price request (GET /api/prices) may ask for; kept apart from the price
// list's forms and their zod schemas, which the storefront's pages must not load.
/** How many parts one request for member prices may name (a listing page shows at most 48). */
export const MAX_PRICE_PARTS = 60;
