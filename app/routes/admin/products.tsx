// The operator's products: find one by part number or name, narrow by category, status and stock,
// and open it in the editor.
import { Form, Link } from "react-router";
import {
  MAX_ADMIN_QUERY_LENGTH,
  productListSchema,
  stockFilterLabel,
  stockFilters,
} from "../../../domain/admin/admin-schemas";
import { productStatuses } from "../../../domain/catalog/product-input";
import { productEditorPath } from "../../../domain/catalog/product-paths";
import { productStatusLabel } from "../../../domain/catalog/product-status";
import { formatNumber } from "../../../domain/text/numbers";
import { requireAdmin } from "../../../server/accounts/session";
import { categoryChoices, listProductsForAdmin } from "../../../server/admin/products";
import { PagedTable } from "../../components/admin/paged-table";
import { Price } from "../../components/price";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import type { Route } from "./+types/products";

export function meta() {
  return [{ title: "Products | Admin | Cascade Industrial Supply" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin({ context });
  const filters = productListSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const [list, tree] = await Promise.all([listProductsForAdmin(filters), categoryChoices()]);
  return {
    ...list,
    categories: tree.map(({ slug, name }) => ({ slug, name })),
    filters: {
      q: filters.q,
      category: filters.category ?? "",
      status: filters.status ?? "",
      stock: filters.stock ?? "",
    },
  };
}

const selectClass = "h-10 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900";

export default function AdminProductsPage({ loaderData }: Route.ComponentProps) {
  const { products, total, page, pageSize, categories, filters } = loaderData;
  const categoryName = new Map(categories.map((category) => [category.slug, category.name]));
  const pageLink = (n: number) =>
    `?${new URLSearchParams({
      ...Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== "")),
      page: String(n),
    })}`;
  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold text-slate-950">Products</h1>
          <p className="mt-1 text-slate-700">
            {formatNumber(total)} {total === 1 ? "product" : "products"}, by part number
          </p>
        </div>
        <Button asChild>
          <Link to="/admin/products/new">New Product</Link>
        </Button>
      </div>
      <Form method="get" role="search" className="mt-6 flex flex-wrap items-end gap-3">
        <div className="min-w-64 flex-1 space-y-1">
          <Label htmlFor="product-search">Part number or name</Label>
          <Input
            id="product-search"
            type="search"
            name="q"
            maxLength={MAX_ADMIN_QUERY_LENGTH}
            defaultValue={filters.q}
            placeholder="e.g. GW-45-001 or grinding wheel"
          />
        </div>
        <div className="space-y-1">
          <Label htmlFor="product-category">Category</Label>
          <select id="product-category" name="category" defaultValue={filters.category} className={selectClass}>
            <option value="">All categories</option>
            {categories.map((category) => (
              <option key={category.slug} value={category.slug}>
                {category.name}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1">
          <Label htmlFor="product-status">Status</Label>
          <select id="product-status" name="status" defaultValue={filters.status} className={selectClass}>
            <option value="">All statuses</option>
            {productStatuses.map((status) => (
              <option key={status} value={status}>
                {productStatusLabel[status]}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1">
          <Label htmlFor="product-stock">Stock</Label>
          <select id="product-stock" name="stock" defaultValue={filters.stock} className={selectClass}>
            <option value="">Any stock</option>
            {stockFilters.map((stock) => (
              <option key={stock} value={stock}>
                {stockFilterLabel[stock]}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit">Filter</Button>
      </Form>
      <PagedTable
        rows={products}
        caption="Products"
        columns={["Part Number", "Name", "Category", "Price", "Stock", "Status"]}
        empty="No products match these filters."
        pages={{ label: "Product pages", page, total, pageSize, link: pageLink }}
        className="mt-6"
      >
        {(product) => (
          <tr key={product.partNumber}>
            <td className="px-6 py-3 font-mono whitespace-nowrap">
              <Link to={productEditorPath(product.partNumber)} className="text-brand-700 underline">
                {product.partNumber}
              </Link>
            </td>
            <td className="px-6 py-3 text-slate-950">{product.name}</td>
            <td className="px-6 py-3 text-slate-700">{categoryName.get(product.category) ?? product.category}</td>
            <td className="px-6 py-3 text-right">
              <Price amount={product.price} />
            </td>
            <td className="px-6 py-3 text-right">{formatNumber(product.stockLevel)}</td>
            <td className="px-6 py-3">{productStatusLabel[product.status]}</td>
          </tr>
        )}
      </PagedTable>
    </>
  );
}
