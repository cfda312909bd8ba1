// React Router's default browser entry, which also tells the page when React starts listening.
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { HYDRATION_STARTED_EVENT } from "./lib/hydration-after-paint";

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
// From here React itself replays a press on a part not hydrated yet; before it, the page's own
// script keeps the press (START_AFTER_PAINT).
dispatchEvent(new Event(HYDRATION_STARTED_EVENT));
