import { listCategoryProducts } from "../../server/catalog/listing";
import { Breadcrumb } from "../components/breadcrumb";
import { ProductGrid } from "../components/catalog/product-grid";
import { findCategory, findSubcategory, titleFromSlug } from "../lib/navigation";
import type { Route } from "./+types/category";

const PAGE_SIZE = 24;

export async function loader({ params }: Route.LoaderArgs) {
  const category = findCategory(params.category);
  const subcategory = category && params.subcategory ? findSubcategory(category, params.subcategory) : undefined;
  if (!category || (params.subcategory && !subcategory)) throw new Response("Not Found", { status: 404 });
  const listing = await listCategoryProducts({
    category: category.slug,
    subcategory: subcategory?.slug,
    limit: PAGE_SIZE,
    offset: 0,
  });
  return {
    category: { slug: category.slug, label: category.label },
    subcategory: subcategory ? { slug: subcategory.slug, label: subcategory.label } : undefined,
    title: titleFromSlug(subcategory?.slug ?? category.slug),
    ...listing,
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: "Page not found | Cascade Industrial Supply" }];
  return [
    { title: `${loaderData.title} | Cascade Industrial Supply` },
    { name: "description", content: `Shop ${loaderData.title.toLowerCase()} for trade and industry.` },
  ];
}

export default function CategoryListing({ loaderData }: Route.ComponentProps) {
  const { category, subcategory, title, items, total } = loaderData;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <Breadcrumb
        crumbs={[
          { label: "Home", to: "/" },
          { label: category.label, to: subcategory ? `/category/${category.slug}` : undefined },
          ...(subcategory ? [{ label: subcategory.label }] : []),
        ]}
      />
      <h1 className="mt-4 text-3xl font-bold text-slate-900">{title}</h1>
      <p className="mt-1 text-slate-600">
        {total} {total === 1 ? "product" : "products"}
      </p>
      {items.length === 0 ? (
        <p className="mt-10 text-slate-700">No products found for this category.</p>
      ) : (
        <ProductGrid products={items} />
      )}
    </div>
  );
}
