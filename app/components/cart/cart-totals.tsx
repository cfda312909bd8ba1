import { OrderTotals } from "../order-totals";
import { PromoCodeField } from "./promo-code-field";
import { useCart } from "./use-cart";

/** The promo area and the totals under the cart's lines; every figure comes from the server. */
export function CartTotals() {
  const { cart } = useCart();
  return (
    <div className="mt-3 space-y-3 border-t border-slate-200 pt-3">
      <PromoCodeField />
      <OrderTotals
        subtotal={cart.subtotal}
        discount={cart.discount}
        tax={cart.tax}
        taxExemption={cart.taxExemption}
        total={cart.total}
        showShipping={false}
      />
    </div>
  );
}
