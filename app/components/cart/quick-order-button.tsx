import { Zap } from "lucide-react";
import { lazy } from "react";
import { Button } from "../ui/button";
import { useLazyDialog } from "../ui/lazy-dialog";
import { useHydrated } from "../use-hydrated";

const loadQuickOrder = () => import("./quick-order-dialog");
const QuickOrderDialog = lazy(loadQuickOrder);

/** The header's Quick Order button; the dialog's code loads when it is first used. */
export function QuickOrderButton() {
  const hydrated = useHydrated();
  const { button, dialog, mount } = useLazyDialog(loadQuickOrder);
  return (
    <>
      <Button type="button" variant="outline" size="sm" disabled={!hydrated} {...button}>
        <Zap aria-hidden="true" />
        Quick Order
      </Button>
      {mount(<QuickOrderDialog {...dialog} />)}
    </>
  );
}
