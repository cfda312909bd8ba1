import { useEffect } from "react";
import { toast as showToast } from "sonner";

export interface ToastMessage {
  type: "success" | "error" | "info";
  title: string;
  description?: string;
}

/** Shows a toast the server sent (with a page or an action's answer), once per message. */
export function useToast(message: ToastMessage | null | undefined) {
  useEffect(() => {
    if (!message) return;
    const show = message.type === "info" ? showToast : showToast[message.type];
    show(message.title, { description: message.description });
  }, [message]);
}
