// The category tree, read from its tables. The storefront's copy (active entries only) is shared
// data, read once per process and database and read again after the categoriesChanged event, so
// the header on every page costs no query and an edit in the back office shows at once everywhere.
import { asc } from "drizzle-orm";
import type { CategoryTree } from "../../../domain/catalog/category-tree";
import type { Database, Transaction } from "../../db/client";
import { keptUntil } from "../../db/kept";
import { categories, subcategories } from "../../db/schema";

export interface TreeSubcategory {
  slug: string;
  name: string;
  description: string;
  position: number;
  active: boolean;
}

export interface TreeCategory extends TreeSubcategory {
  /** The UNSPSC code its parts are classified under in procurement systems; null for none. */
  unspsc: string | null;
  subcategories: TreeSubcategory[];
}

/** Every category with its subcategories, inactive ones too, in position order. */
export async function readCategoryTree(database: Database | Transaction): Promise<TreeCategory[]> {
  const entryColumns = {
    slug: categories.slug,
    name: categories.name,
    description: categories.description,
    position: categories.position,
    active: categories.active,
  };
  const [categoryRows, subcategoryRows] = await Promise.all([
    database
      .select({ ...entryColumns, unspsc: categories.unspsc })
      .from(categories)
      .orderBy(asc(categories.position), asc(categories.slug)),
    database
      .select({
        slug: subcategories.slug,
        categorySlug: subcategories.categorySlug,
        name: subcategories.name,
        description: subcategories.description,
        position: subcategories.position,
        active: subcategories.active,
      })
      .from(subcategories)
      .orderBy(asc(subcategories.position), asc(subcategories.slug)),
  ]);
  return categoryRows.map((category) => ({
    ...category,
    subcategories: subcategoryRows
      .filter((sub) => sub.categorySlug === category.slug)
      .map(({ categorySlug: _, ...sub }) => sub),
  }));
}

/** What buyers see of the tree: active entries only, without the editor's fields. */
function storefrontView(tree: TreeCategory[]): CategoryTree {
  return tree
    .filter((category) => category.active)
    .map(({ slug, name, description, subcategories: subs }) => ({
      slug,
      name,
      description,
      subcategories: subs
        .filter((sub) => sub.active)
        .map((sub) => ({ slug: sub.slug, name: sub.name, description: sub.description })),
    }));
}

/** The storefront's tree, read once per process until the operator changes it. */
export const storefrontCategoryTree: () => Promise<CategoryTree> = keptUntil(["categoriesChanged"], (database) =>
  readCategoryTree(database).then(storefrontView),
);
