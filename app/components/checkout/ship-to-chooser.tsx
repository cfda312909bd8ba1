import type { FieldMetadata } from "@conform-to/react";
import { useState } from "react";
import type { Address } from "../../../domain/addresses/address";
import { formatAddress } from "../../../domain/addresses/address";
import { NEW_SHIP_TO, type ShipTo } from "../../../domain/addresses/address-book";
import { CheckboxField, Field } from "../form-field";
import { Label } from "../ui/label";
import { RadioGroup, RadioGroupItem } from "../ui/radio-group";

/**
 * A signed-in buyer's choice of ship-to at checkout: one of their saved addresses (the default
 * chosen first) or a new one, which they may save to their address book with a label. Choosing
 * fills the shipping fields (`onChoose`), so the page prices the order for that address's state.
 */
export function ShipToChooser({
  shipTos,
  initial,
  label,
  onChoose,
  canSave,
}: {
  shipTos: ShipTo[];
  /** Whether the buyer may add to the company's address book (its admin). */
  canSave: boolean;
  /** The choice the page opens with: a saved address's id, or "new". */
  initial: string;
  label: FieldMetadata<string | undefined, Record<string, unknown>, string[]>;
  onChoose: (address: Address | undefined) => void;
}) {
  const [chosen, setChosen] = useState(initial);
  const [save, setSave] = useState(false);
  return (
    <fieldset className="space-y-3">
      <legend className="text-base font-semibold text-slate-950">Ship To</legend>
      <RadioGroup
        name="shipTo"
        value={chosen}
        onValueChange={(value) => {
          setChosen(value);
          onChoose(shipTos.find((shipTo) => shipTo.id === value)?.address);
        }}
        aria-label="Ship to"
      >
        {shipTos.map((shipTo) => (
          <div key={shipTo.id} className="flex items-start gap-3 rounded-md border border-slate-300 p-3">
            <RadioGroupItem value={shipTo.id} id={`ship-to-${shipTo.id}`} className="mt-0.5" />
            <Label htmlFor={`ship-to-${shipTo.id}`} className="cursor-pointer font-normal">
              <span className="font-semibold">{shipTo.label}</span>
              {shipTo.isDefault && <span className="text-slate-700"> (default)</span>}
              <span className="block text-slate-700">{formatAddress(shipTo.address).join(", ")}</span>
            </Label>
          </div>
        ))}
        <div className="flex items-center gap-3 rounded-md border border-slate-300 p-3">
          <RadioGroupItem value={NEW_SHIP_TO} id="ship-to-new" />
          <Label htmlFor="ship-to-new" className="cursor-pointer">
            A new address
          </Label>
        </div>
      </RadioGroup>
      {canSave && chosen === NEW_SHIP_TO && (
        <div className="space-y-3">
          <CheckboxField
            id="checkout-save-ship-to"
            name="saveShipTo"
            label="Save this address to my address book"
            checked={save}
            onCheckedChange={setSave}
          />
          {save && <Field meta={label} label="Address Label" placeholder="Main warehouse" optional />}
        </div>
      )}
    </fieldset>
  );
}
