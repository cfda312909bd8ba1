import { useEffect, useRef } from "react";
import { Form } from "react-router";
import type { CartSummary } from "../../../server/pricing/price";
import type { Transfer } from "../../../server/procurement/transfer";
import { Breadcrumb } from "../breadcrumb";
import { useNonce } from "../nonce";
import { SubmitButton } from "../submit-button";
import { type ToastMessage, useToast } from "../toasts";
import { OrderSummary } from "./order-summary";

const TRANSFER_FORM = "punchout-transfer";

// Submits the transfer form as soon as the page is read, before the app's own scripts load. The
// mark is the window's, not the form's: hydration may put a new form in its place, and a second
// submit would post the cart twice.
const SENT = "punchoutTransferSent";
const SUBMIT_SCRIPT = `(function(){var f=document.getElementById("${TRANSFER_FORM}");if(f&&!window.${SENT}){window.${SENT}=true;f.submit();}})();`;

/**
 * The checkout of a PunchOut session (docs/punchout.md): the cart goes back to the procurement
 * system for approval instead of being ordered here. The transfer is an ordinary form, posted as a
 * whole page (the answer's policy lets its form post to the procurement system); the answer's form
 * posts itself by script, and by its visible button where scripts are blocked.
 */
export function PunchOutCheckout({
  punchOut,
  cart,
  transfer,
  toast,
}: {
  punchOut: { name: string; operation: "create" | "edit" | "inspect" };
  cart: CartSummary;
  transfer?: Transfer;
  toast?: ToastMessage;
}) {
  useToast(toast);
  const title = `Transfer cart to ${punchOut.name}`;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <Breadcrumb crumbs={[{ label: "Home", to: "/" }, { label: "Checkout" }]} />
      <h1 className="mt-4 text-3xl font-bold text-slate-950">
        {transfer ? `Sending your cart to ${punchOut.name}` : "Checkout"}
      </h1>
      <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_24rem]">
        <section aria-labelledby="punchout-heading" className="space-y-4">
          <h2 id="punchout-heading" className="text-xl font-semibold text-slate-950">
            {punchOut.name}
          </h2>
          {transfer ? (
            <TransferForm transfer={transfer} name={punchOut.name} />
          ) : punchOut.operation === "inspect" ? (
            <p role="status" className="rounded-md border border-slate-300 bg-slate-50 p-3 text-slate-900">
              This cart from {punchOut.name} is shown read-only: it cannot be changed or transferred again here.
            </p>
          ) : (
            <>
              <p className="text-slate-700">
                Your cart goes back to {punchOut.name}, where it is approved and ordered. Prices are your company's; tax
                is an estimate.
              </p>
              <Form method="post" reloadDocument>
                <input type="hidden" name="intent" value="transfer" />
                <SubmitButton busy={false}>{title}</SubmitButton>
              </Form>
            </>
          )}
        </section>
        <OrderSummary cart={cart} />
      </div>
    </div>
  );
}

function TransferForm({ transfer, name }: { transfer: Transfer; name: string }) {
  const nonce = useNonce();
  const form = useRef<HTMLFormElement>(null);
  // After a transfer asked from the page itself (not a whole-page post), the script below never ran.
  useEffect(() => {
    const sent = window as unknown as Record<typeof SENT, boolean | undefined>;
    if (!form.current || sent[SENT]) return;
    sent[SENT] = true;
    form.current.submit();
  }, []);
  return (
    <>
      <form id={TRANSFER_FORM} ref={form} method="post" action={transfer.url}>
        {Object.entries(transfer.fields).map(([field, value]) => (
          <input key={field} type="hidden" name={field} value={value} />
        ))}
        <p className="text-slate-700">If {name} does not open by itself, press the button.</p>
        <SubmitButton busy={false} className="mt-3">
          Continue to {name}
        </SubmitButton>
      </form>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a fixed script of our own, allowed by the page's nonce */}
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: SUBMIT_SCRIPT }} />
    </>
  );
}
