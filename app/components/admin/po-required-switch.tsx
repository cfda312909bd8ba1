import { useFetcher } from "react-router";
import { Switch } from "../ui/switch";

/** The account's "PO required" switch: on, every order of the account must carry a PO number. */
export function PoRequiredSwitch({
  companyId,
  name,
  required,
}: {
  companyId: string;
  name: string;
  required: boolean;
}) {
  const fetcher = useFetcher<{ ok: boolean }>();
  // Shown as asked while the change is saved; the page's data says what was saved afterwards.
  const pending = fetcher.formData?.get("required");
  const checked = pending === undefined || pending === null ? required : pending === "true";
  return (
    <Switch
      checked={checked}
      disabled={fetcher.state !== "idle"}
      aria-label={`PO number required for ${name}`}
      onCheckedChange={(on) =>
        fetcher.submit({ intent: "po-required", companyId, required: String(on) }, { method: "post" })
      }
    />
  );
}
