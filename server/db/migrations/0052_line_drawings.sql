-- Seeded parts kept their subcategory's three drawn pictures as their own; each now shows its line
-- drawing, made from its attributes, which a product with no pictures gets. Only the exact list the
-- generator wrote is taken out: pictures an operator chose or uploaded stay.
UPDATE "products" SET "images" = '[]'::jsonb
WHERE "images" = jsonb_build_array(
  '/images/products/' || "subcategory" || '-1.svg',
  '/images/products/' || "subcategory" || '-2.svg',
  '/images/products/' || "subcategory" || '-3.svg'
);
