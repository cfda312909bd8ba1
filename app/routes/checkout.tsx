import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef, useState } from "react";
import { data, Form, Link, useNavigation, useSearchParams } from "react-router";
import { type Address, addressFrom } from "../../domain/addresses/address";
import { NEW_SHIP_TO } from "../../domain/addresses/address-book";
import { refusals } from "../../domain/companies/companies";
import { formatUsd } from "../../domain/money/format";
import { checkoutSchema, paymentMethodLabels } from "../../domain/orders/checkout-schema";
import { termsOrderPlaced } from "../../domain/terms/terms";
import { getProfile } from "../../server/accounts/account-overview";
import { currentBuyer, currentPunchOut, requireBuyer } from "../../server/accounts/session";
import { listShipTos } from "../../server/address-book/address-book";
import { currentCart } from "../../server/cart/cart-cookie";
import { type Buyer, buyerCan } from "../../server/companies/buyer";
import { StoreError } from "../../server/errors";
import { dispatchIntent, type FormArgs, refusalAnswer, refusedTo } from "../../server/form-intents";
import {
  approvalReason,
  type CheckoutCart,
  type CheckoutSource,
  checkOut,
  checkoutCart,
  completeCardPayment,
  missingOrderInformation,
} from "../../server/orders/checkout";
import { keepCheckoutDraft, takeCheckoutDraft } from "../../server/orders/checkout-draft";
import { paymentProvider } from "../../server/payments/configured";
import { type CartSummary, summarize } from "../../server/pricing/price";
import { FORM_ACTION_HEADER, type Transfer, transferOf } from "../../server/procurement/transfer";
import { checkoutTerms } from "../../server/terms/account-terms";
import { redirectWithToast } from "../../server/toast";
import { AddressFields } from "../components/address-fields";
import { Breadcrumb } from "../components/breadcrumb";
import { PromoCodeField } from "../components/cart/promo-code-field";
import { CardPaymentPanel, type StartedPayment } from "../components/checkout/card-payment-panel";
import { OrderSummary } from "../components/checkout/order-summary";
import { PaymentOption } from "../components/checkout/payment-option";
import { PunchOutCheckout } from "../components/checkout/punchout-checkout";
import { PurchaseOrderFields, type UsedPoNumber } from "../components/checkout/purchase-order-fields";
import { ShipToChooser } from "../components/checkout/ship-to-chooser";
import { TermsPaymentOption } from "../components/checkout/terms-option";
import { CheckboxField, Field } from "../components/form-field";
import { SubmitButton } from "../components/submit-button";
import { type ToastMessage, useToast } from "../components/toasts";
import { useZodForm } from "../components/use-zod-form";
import type { Route } from "./+types/checkout";

export function meta() {
  return [{ title: "Checkout | Cascade Industrial Supply" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { cartId, user } = await currentCart({ request, context }, { create: false });
  // ?quote=Q-000001: an accepted quote checked out at its prices, instead of the cart (docs/decisions/quotes.md).
  const quoteNumber = quoteOf(request);
  const buyer = quoteNumber ? requireBuyer({ request, context }) : currentBuyer(context);
  const source = checkoutSource(cartId, quoteNumber);
  if (!source) throw await redirectWithToast("/", { type: "error", title: "Your cart is empty" });
  const cart = checkoutCart(context, buyer, source);
  const profile = buyer ? await getProfile(buyer) : null;
  // A visitor may fill the form (and is asked to sign in); a member orders only if their role allows it.
  const canOrder = !buyer || buyerCan(buyer, "placeOrders");
  // The default ship-to of the buyer's address book, when they keep one, is where the order goes first.
  const shipTos = buyer ? await listShipTos(buyer) : [];
  // A quote's order goes first where the quote asked it to ship (the book's entry at that address, if any).
  const quoted = quoteNumber ? await quoteShipTo(cart, quoteNumber) : null;
  const defaultShipTo =
    (quoted && shipTos.find((shipTo) => sameStreet(shipTo.address, quoted))) ??
    (quoted ? undefined : shipTos.find((shipTo) => shipTo.isDefault));
  // What a guest filled in before being sent to sign in wins over the profile.
  const { draft, clear } = user ? await takeCheckoutDraft(request) : { draft: null };
  // The page's address names the shipping state the buyer picked (?state=), once they pick one (a two-letter code).
  const url = new URL(request.url);
  const draftState = (draft?.shipping as { state?: unknown } | undefined)?.state;
  const taxState = url.searchParams.has("state")
    ? (url.searchParams.get("state") ?? "").slice(0, 2)
    : typeof draftState === "string"
      ? draftState
      : (defaultShipTo?.address.state ?? quoted?.state ?? profile?.shippingState ?? "");
  const summary = summarize(await pricedForPage(cart, taxState));
  if (summary.lines.length === 0) throw await redirectWithToast("/", { type: "error", title: "Your cart is empty" });
  const punchOut = currentPunchOut(context);
  const shipping = profile && addressFrom("shipping", profile);
  const billing = profile?.sameAsShipping === false ? addressFrom("billing", profile) : null;
  const fromProfile = {
    email: user?.email ?? "",
    firstName: profile?.firstName ?? "",
    lastName: profile?.lastName ?? "",
    companyName: profile?.companyName ?? "",
    phone: profile?.phone ?? "",
    shipping: defaultShipTo?.address ?? quoted ?? shipping ?? undefined,
    shipTo: defaultShipTo?.id ?? NEW_SHIP_TO,
    billing: billing ?? undefined,
    paymentMethod: "credit_card",
  };
  return data(
    {
      signedIn: user !== null,
      cart: summary,
      taxState,
      // A draft is a guest's new address, not one of the book's.
      defaults: draft ? { ...fromProfile, shipTo: NEW_SHIP_TO, ...draft } : fromProfile,
      sameAsShipping: draft ? draft.sameAsShipping !== undefined : billing === null,
      terms: buyer && canOrder ? await checkoutTerms(buyer) : null,
      quoteNumber,
      // Above the buyer's spend limit the order is submitted for approval instead (docs/decisions/approvals.md).
      approval: buyer && canOrder ? await approvalReason(buyer, cart, taxState) : null,
      canOrder,
      canSaveShipTo: buyer !== null && buyerCan(buyer, "manageAddresses"),
      shipTos,
      poRequired: buyer?.company?.poRequired ?? false,
      payments: paymentProvider().publicConfig,
      // In a PunchOut session the cart goes back to the procurement system instead (docs/punchout.md).
      punchOut: punchOut && { name: punchOut.connection.name, operation: punchOut.operation },
    },
    { headers: clear ? { "Set-Cookie": clear } : undefined },
  );
}

/** The transfer page's form may post to the procurement system's origin (server/http.ts). */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  const origin = actionHeaders.get(FORM_ACTION_HEADER);
  return origin ? { [FORM_ACTION_HEADER]: origin } : new Headers();
}

type ActionResult = {
  reply?: SubmissionResult<string[]>;
  payment?: StartedPayment;
  /** The cart as priced for the payment just started. */
  charged?: CartSummary;
  toast?: ToastMessage;
  /** A PO number the account used on an earlier order, for the buyer to confirm. */
  usedPo?: UsedPoNumber;
  /** The PunchOut cart, ready to post back to the procurement system. */
  transfer?: Transfer;
};

/** A refusal is the answer's own toast: the form stays on the page, filled in. */
const refusedInPlace = { toast: "inline" } as const;

export function action(args: Route.ActionArgs) {
  return dispatchIntent(
    args,
    {
      place: { ...refusedInPlace, handle: place },
      complete: { ...refusedInPlace, handle: complete },
      transfer: { ...refusedInPlace, handle: transfer },
    },
    { as: "visitor" },
  );
}

/** In a PunchOut session the procurement system places the order, once approved there. */
function refuseInPunchOut(context: FormArgs["context"]) {
  const punchOut = currentPunchOut(context);
  if (punchOut)
    throw new StoreError(
      "Forbidden",
      `In this PunchOut session your cart is transferred to ${punchOut.connection.name}, which places the order once approved.`,
    );
}

/** The PunchOut cart as a page whose form posts it back to the procurement system (docs/punchout.md). */
async function transfer(buyer: Buyer | null, _formData: FormData, { request, context }: FormArgs) {
  const punchOut = currentPunchOut(context);
  if (!buyer || !punchOut) throw new StoreError("Forbidden", "Only a PunchOut session transfers its cart.");
  if (punchOut.operation === "inspect")
    throw new StoreError("Forbidden", `This cart was opened from ${punchOut.connection.name} to be looked at only.`);
  const { cartId } = await currentCart({ request, context }, { create: false });
  const answer = await transferOf(punchOut, buyer, cartId, new URL(request.url).host);
  return data<ActionResult>({ transfer: answer }, { headers: { [FORM_ACTION_HEADER]: new URL(answer.url).origin } });
}

/** The form as filled in: the order placed, submitted for approval, the card asked for, or refused. */
async function place(buyer: Buyer | null, formData: FormData, { request, context }: FormArgs) {
  refuseInPunchOut(context);
  if (!buyer) return signInFirst(formData);
  const { cartId } = await currentCart({ request, context }, { create: false });
  const source = checkoutSource(cartId, quoteOf(request, formData));
  if (!source) return redirectWithToast("/", { type: "error", title: "Your cart is empty" });
  const submission = parseWithZod(formData, { schema: checkoutSchema });
  if (submission.status !== "success") return data<ActionResult>({ reply: submission.reply() }, 400);
  const outcome = await checkOut(buyer, checkoutCart(context, buyer, source), submission.value);
  switch (outcome.kind) {
    case "placed":
      return redirectWithToast(`/order-confirmation/${outcome.orderNumber}`, {
        type: "success",
        title: termsOrderPlaced(outcome.termsDays),
      });
    case "approval":
      return redirectWithToast("/account/approvals", {
        type: "success",
        title: "Order submitted for approval",
        description: "Your company's approvers have been asked; you will get an e-mail when they decide.",
      });
    case "card":
      return data<ActionResult>({ reply: submission.reply(), payment: outcome.payment, charged: outcome.charged });
    case "refused":
      // A PO number used before is asked about beside the field, not as the field's error (which
      // would clear, moving the page, as soon as the buyer leaves the field).
      if (outcome.usedPo) return data<ActionResult>({ usedPo: outcome.usedPo }, outcome.error.status);
      return refusalAnswer(
        outcome.error,
        outcome.field ? { toast: "none", schema: checkoutSchema, field: outcome.field } : refusedInPlace,
        formData,
      );
  }
}

/** The card payment the provider confirmed becomes the order. */
async function complete(buyer: Buyer | null, formData: FormData, { context }: FormArgs) {
  refuseInPunchOut(context);
  if (!buyer) return signInFirst(formData);
  const paymentId = formData.get("paymentId");
  if (typeof paymentId !== "string" || !paymentId) throw new StoreError("Invalid", missingOrderInformation);
  const { orderNumber } = await completeCardPayment(paymentId, buyer.userId);
  return redirectWithToast(`/order-confirmation/${orderNumber}`, {
    type: "success",
    title: "Order placed successfully!",
  });
}

/** The form the guest filled in waits for them on the other side of signing in. */
async function signInFirst(formData: FormData) {
  const { payload } = parseWithZod(formData, { schema: checkoutSchema });
  const kept = await keepCheckoutDraft(payload);
  return redirectWithToast(
    "/auth?redirectTo=/checkout",
    { type: "error", title: "Please sign in to complete your order" },
    kept ? [["Set-Cookie", kept]] : [],
  );
}

/** The quote the checkout is for (?quote=, or the form's own field), or null for the cart. */
function quoteOf(request: Request, formData?: FormData): string | null {
  const sent = formData?.get("quote") ?? new URL(request.url).searchParams.get("quote");
  return typeof sent === "string" && sent ? sent.slice(0, 20) : null;
}

/** The quote, or else the cart; null when there is neither. */
const checkoutSource = (cartId: string | undefined, quoteNumber: string | null): CheckoutSource | null =>
  quoteNumber ? { quoteNumber } : cartId ? { cartId } : null;

/** A quote that cannot be ordered sends the buyer back to it (to their quotes, for one not theirs), told why. */
const backToQuote = (quoteNumber: string) =>
  refusedTo((error) => (error.kind === "NotFound" ? "/account/quotes" : `/account/quotes/${quoteNumber}`));

/** Where the quote asked its order to ship. */
async function quoteShipTo(cart: CheckoutCart, quoteNumber: string): Promise<Address> {
  const quote = await cart.quote().catch(backToQuote(quoteNumber));
  const { label: _label, ...address } = quote.shipTo;
  return { ...address, line2: address.line2 ?? undefined, state: address.state as Address["state"] };
}

const sameStreet = (a: Address, b: Address) =>
  [a.line1, a.city, a.state, a.zip].join("|").toLowerCase() ===
  [b.line1, b.city, b.state, b.zip].join("|").toLowerCase();

/** The cart or quote priced for the page. */
function pricedForPage(cart: CheckoutCart, taxState: string) {
  const priced = cart.priced(taxState);
  return "quoteNumber" in cart.source ? priced.catch(backToQuote(cart.source.quoteNumber)) : priced;
}

export default function CheckoutRoute(props: Route.ComponentProps) {
  const { punchOut, cart } = props.loaderData;
  if (punchOut)
    return (
      <PunchOutCheckout
        punchOut={punchOut}
        cart={cart}
        transfer={(props.actionData as ActionResult | undefined)?.transfer}
        toast={(props.actionData as ActionResult | undefined)?.toast}
      />
    );
  return <CheckoutPage {...props} />;
}

function CheckoutPage({ loaderData, actionData }: Route.ComponentProps) {
  const { defaults, terms, payments, signedIn, shipTos, poRequired, canOrder, canSaveShipTo, approval, quoteNumber } =
    loaderData;
  const result = actionData as ActionResult | undefined;
  const [form, fields] = useZodForm("checkout", checkoutSchema, {
    lastResult: result?.reply,
    defaultValue: defaults,
  });
  const [sameAsShipping, setSameAsShipping] = useState(loaderData.sameAsShipping);
  const [payment, setPayment] = useState<StartedPayment | undefined>();
  useEffect(() => setPayment(result?.payment), [result]);

  useToast(result?.toast);
  // While a payment is started the form is locked, and its disabled fields read as empty: then, and
  // in the render that unlocks it (Edit Details) before Conform reads the fields again, no address
  // is read at all, and the page stays priced for the state it was. Reading "" there would reprice
  // for no state and cancel a Place Order pressed meanwhile.
  const shippingValue = fields.shipping.value;
  const chosenState = payment || typeof shippingValue !== "object" ? loaderData.taxState : (shippingValue.state ?? "");
  usePricesForShippingState(chosenState, loaderData.taxState);

  const navigation = useNavigation();
  const placing = navigation.state !== "idle" && navigation.formData?.get("intent") === "place";
  // Edit Details takes the payment panel away: the focus goes back to the button that opened it,
  // once it can take it (it is disabled while the page reloads after placing).
  const placeOrder = useRef<HTMLButtonElement>(null);
  const editingDetails = useRef(false);
  useEffect(() => {
    if (payment || placing || !editingDetails.current) return;
    editingDetails.current = false;
    placeOrder.current?.focus();
  }, [payment, placing]);
  const paymentMethod = fields.paymentMethod.value === "net_30" && terms && !terms.hold ? "net_30" : "credit_card";
  // Once a payment is started, the figures are those the server asked the provider for.
  const shown = (payment && result?.charged) || loaderData.cart;

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <Breadcrumb crumbs={[{ label: "Home", to: "/" }, { label: "Checkout" }]} />
      <h1 className="mt-4 text-3xl font-bold text-slate-950">Checkout</h1>
      {quoteNumber && (
        <p role="status" className="mt-2 text-slate-700">
          Quote {quoteNumber} at its quoted prices. Your cart is not changed.
        </p>
      )}
      {!signedIn && (
        <p className="mt-2 text-slate-700">
          <Link to="/auth?redirectTo=/checkout" className="font-medium text-brand-700 underline">
            Sign in
          </Link>{" "}
          or {/* A new account's confirmation link brings the buyer back here too (auth.tsx). */}
          <Link to="/auth?tab=sign-up&redirectTo=/checkout" className="font-medium text-brand-700 underline">
            create an account
          </Link>{" "}
          to place your order. Your cart will be waiting.
        </p>
      )}
      <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_24rem]">
        <Form method="post" {...getFormProps(form)} className="space-y-8">
          <input type="hidden" name="intent" value="place" />
          {quoteNumber && <input type="hidden" name="quote" value={quoteNumber} />}
          <fieldset disabled={payment !== undefined} className="space-y-8">
            <section aria-labelledby="contact-heading" className="space-y-4">
              <h2 id="contact-heading" className="text-xl font-semibold text-slate-950">
                Contact Information
              </h2>
              <Field meta={fields.email} label="Email" type="email" autoComplete="email" />
              <div className="grid gap-4 sm:grid-cols-2">
                <Field meta={fields.firstName} label="First Name" autoComplete="given-name" />
                <Field meta={fields.lastName} label="Last Name" autoComplete="family-name" />
              </div>
              <Field meta={fields.companyName} label="Company" autoComplete="organization" optional />
              <Field meta={fields.phone} label="Phone" type="tel" autoComplete="tel" />
            </section>
            <AddressFields kind="shipping" meta={fields.shipping}>
              {signedIn && (
                <ShipToChooser
                  shipTos={shipTos}
                  canSave={canSaveShipTo}
                  initial={defaults.shipTo}
                  label={fields.shipToLabel}
                  onChoose={(address) => form.update({ name: fields.shipping.name, value: address ?? {} })}
                />
              )}
            </AddressFields>
            <AddressFields kind="billing" meta={fields.billing} hidden={sameAsShipping}>
              <CheckboxField
                id="checkout-same-as-shipping"
                name="sameAsShipping"
                label="Same as shipping address"
                checked={sameAsShipping}
                onCheckedChange={(same) => {
                  setSameAsShipping(same);
                  // Ticking it copies shipping into billing, so unticking later starts from that copy.
                  if (same) form.update({ name: fields.billing.name, value: fields.shipping.value });
                }}
              />
            </AddressFields>
            <PurchaseOrderFields
              poNumber={fields.poNumber}
              jobReference={fields.jobReference}
              required={poRequired}
              usedPo={result?.usedPo}
            />
            <section className="space-y-3">
              <fieldset>
                <legend className="text-xl font-semibold text-slate-950">Payment Method</legend>
                <div className="mt-3 space-y-2">
                  <PaymentOption
                    {...getInputProps(fields.paymentMethod, { type: "radio", value: "credit_card" })}
                    label={paymentMethodLabels.credit_card}
                  />
                  {terms && (
                    <TermsPaymentOption
                      terms={terms}
                      input={getInputProps(fields.paymentMethod, { type: "radio", value: "net_30" })}
                      selected={paymentMethod === "net_30"}
                    />
                  )}
                </div>
              </fieldset>
            </section>
          </fieldset>
          {!canOrder && (
            <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-slate-900">
              {refusals.placeOrders}
            </p>
          )}
          {!payment && canOrder && approval && (
            <>
              <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-slate-900">
                {approval} It goes to your company's approvers instead of being placed: no stock is held and nothing is
                charged. Once approved, it is placed on your company's terms.
              </p>
              <SubmitButton busy={placing}>{placing ? "Submitting..." : "Submit for Approval"}</SubmitButton>
            </>
          )}
          {!payment && canOrder && !approval && (
            <SubmitButton busy={placing} ref={placeOrder}>
              {placing ? "Placing Order..." : `Place Order - ${formatUsd(shown.total)}`}
            </SubmitButton>
          )}
        </Form>
        <OrderSummary cart={shown} saveLabel={quoteNumber ? "Save Quote to List" : undefined}>
          {/* Once a payment is started, its amount is fixed: a new code means starting again. */}
          {!payment && !quoteNumber && (
            <div className="mt-2 border-t border-slate-200 pt-3">
              <PromoCodeField />
            </div>
          )}
        </OrderSummary>
        {payment && (
          <div className="lg:col-start-1">
            <CardPaymentPanel
              payment={payment}
              provider={payments}
              email={fields.email.value ?? ""}
              completeAction="/checkout"
              onCancel={() => {
                editingDetails.current = true;
                setPayment(undefined);
              }}
            />
          </div>
        )}
      </div>
    </div>
  );
}

/**
 * Keeps the page's address on the shipping state chosen so far (?state=), so the loader prices
 * the cart for it: whenever the buyer picks another state, and whenever the page revalidates
 * (a promo applied, a line changed in the cart).
 */
function usePricesForShippingState(state: string, pricedFor: string) {
  const [, setSearchParams] = useSearchParams();
  useEffect(() => {
    if (state === pricedFor) return;
    setSearchParams(
      (params) => {
        params.set("state", state);
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [state, pricedFor, setSearchParams]);
}
