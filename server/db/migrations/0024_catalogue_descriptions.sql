-- hand-written: the seeded tree's descriptions, the texts /shop and the abrasives landing showed
-- as code; they now read them from the tree, where the operator edits them. Only empty ones are
-- filled, so an operator's own text is kept.
UPDATE categories SET description = seeded.description
FROM (VALUES
  ('cutting-tools', 'Drill bits, taps and dies, reamers, hole saws and saw blades.'),
  ('hand-tools', 'Wrenches, screwdrivers, pliers and hammers for daily work.'),
  ('abrasives', 'Grinding wheels, flap discs, sanding belts and cut-off wheels.'),
  ('paint', 'MRO spray paint, primers and marking paint.'),
  ('chemicals', 'Aerosols, grease, adhesives, cleaners and bulk chemicals.'),
  ('shop-supplies', 'Shop rags, paper towels, disposable gloves and trash bags.'),
  ('tire-supplies', 'Tire repair, valve stems, tire tools and wheel weights.'),
  ('safety', 'Gloves, eye and hearing protection, respirators, hi-vis and first aid.'),
  ('electrical', 'Wire and cable, connectors, fuses, loom, lugs and tape.')
) AS seeded(slug, description)
WHERE categories.slug = seeded.slug AND categories.description = '';
--> statement-breakpoint
UPDATE subcategories SET description = seeded.description
FROM (VALUES
  ('sanding-belts', 'Belts for portable and stationary sanders, from coarse stock removal to fine finish.'),
  ('grinding-wheels', 'Depressed-center and straight wheels for steel, stainless and cast iron.'),
  ('sandpaper-sheets', 'Wet/dry and dry sheets for hand and block sanding.'),
  ('cutting-discs', 'Thin discs for fast, clean cuts in metal, stone and masonry.'),
  ('flap-discs', 'Grind and finish in one step, for weld blending and deburring.'),
  ('wire-brushes', 'Knot and crimped wheels and cups for rust, scale and paint.')
) AS seeded(slug, description)
WHERE subcategories.slug = seeded.slug AND subcategories.description = '';
