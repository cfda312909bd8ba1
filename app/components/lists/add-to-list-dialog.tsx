import { ListPlus } from "lucide-react";
import { lazy } from "react";
import { Button } from "../ui/button";
import { useLazyDialog } from "../ui/lazy-dialog";
import type { ListItem } from "./add-to-list-content";

const loadContent = () => import("./add-to-list-content");
const AddToListContent = lazy(loadContent);

/** "Add to List": the button, and the dialog it opens (its code loads on first use). */
export function AddToListDialog({
  items,
  label = "Add to List",
  what,
  size = "sm",
  layerClassName,
}: {
  items: ListItem[];
  label?: string;
  /** What is being saved, for the button's accessible name ("Add to List: 4.5 in Grinding Wheel"). */
  what?: string;
  size?: "sm" | "default";
  /** The dialog's stacking (a z-index), when it opens from a popover that stands above the page's dialogs. */
  layerClassName?: string;
}) {
  const { button, dialog, mount } = useLazyDialog(loadContent);
  return (
    <>
      <Button
        type="button"
        variant="outline"
        size={size}
        disabled={items.length === 0}
        aria-label={what ? `${label}: ${what}` : undefined}
        {...button}
      >
        <ListPlus aria-hidden="true" />
        {label}
      </Button>
      {mount(<AddToListContent items={items} layerClassName={layerClassName} {...dialog} />)}
    </>
  );
}
