// What a hazardous part's page says of it (docs/decisions/hazardous-materials.md): its signal word,
// GHS pictograms and hazard statements, how it ships, and its safety data sheet. The words come
// worked out from the loader (domain/catalog/hazards.ts hazardNotice), so none of the rules ship in
// the page's JavaScript.
import { Truck } from "lucide-react";
import type { HazardNoticeText } from "../../../domain/catalog/hazards";
import { Button } from "../ui/button";

export function HazardNotice({
  notice,
  safetyDataSheet,
}: {
  notice: HazardNoticeText;
  safetyDataSheet?: { url: string; filename: string };
}) {
  return (
    <section
      aria-labelledby="hazard-heading"
      className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-slate-900"
    >
      <h2 id="hazard-heading" className="font-semibold text-slate-950">
        {notice.title}
      </h2>
      <ul aria-label="Hazard pictograms" className="mt-2 flex flex-wrap gap-2">
        {notice.pictograms.map(({ code, name }) => (
          <li key={code}>
            <img src={`/images/ghs/${code}.svg`} alt={name} width={44} height={44} />
          </li>
        ))}
      </ul>
      <p className="mt-2 text-slate-800">{notice.statements}</p>
      {notice.shipping && (
        <p className="mt-2 flex items-start gap-2 font-medium text-slate-950">
          <Truck className="mt-[0.2lh] size-4 shrink-0" aria-hidden="true" />
          <span>
            {notice.shipping.note}
            <span className="block font-normal text-slate-700">{notice.shipping.description}</span>
          </span>
        </p>
      )}
      {safetyDataSheet && (
        <Button asChild variant="outline" size="sm" className="mt-3">
          <a href={safetyDataSheet.url} download={safetyDataSheet.filename}>
            Safety Data Sheet (SDS)
          </a>
        </Button>
      )}
    </section>
  );
}
