import { Link } from "react-router";
import { AddToCartButton } from "../cart/add-to-cart-button";
import { Price } from "../price";

export interface ProductCardData {
  id: string;
  slug: string;
  name: string;
  partNumber: string;
  brand: string;
  price: string;
  stockLevel: number;
}

/** The grid of product cards on listings and search results: 1 to 4 columns by width. */
export function ProductGrid({ products }: { products: ProductCardData[] }) {
  return (
    <ul className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
      {products.map((product) => (
        <li key={product.id} className="flex flex-col rounded-lg border border-slate-200 p-4 shadow-sm">
          <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{product.brand}</p>
          <h2 className="mt-1 font-semibold text-slate-900">
            <Link to={`/products/${product.slug}`} prefetch="intent" className="hover:text-brand-700 hover:underline">
              {product.name}
            </Link>
          </h2>
          <p className="mt-1 font-mono text-sm text-slate-600">{product.partNumber}</p>
          <div className="mt-auto flex items-end justify-between pt-4">
            <Price amount={product.price} className="text-lg font-bold text-slate-900" />
            <span className={product.stockLevel > 0 ? "text-sm text-green-800" : "text-sm text-red-700"}>
              {product.stockLevel > 0 ? "In Stock" : "Out of Stock"}
            </span>
          </div>
          <div className="mt-3">
            <AddToCartButton productId={product.id} name={product.name} inStock={product.stockLevel > 0} />
          </div>
        </li>
      ))}
    </ul>
  );
}
