// What a hazardous part's page says of it (docs/decisions/hazardous-materials.md): its signal word,
// GHS pictograms and hazard statements, how it ships, and its safety data sheet.
import { TriangleAlert, Truck } from "lucide-react";
import {
  GHS_PICTOGRAMS,
  type HazardData,
  hazmatDescription,
  hazmatShippingNote,
} from "../../../domain/catalog/hazards";
import { Button } from "../ui/button";

export function HazardNotice({
  hazard,
  safetyDataSheet,
}: {
  hazard: HazardData;
  safetyDataSheet?: { url: string; filename: string };
}) {
  const shipping = hazmatShippingNote(hazard.transport);
  return (
    <section
      aria-labelledby="hazard-heading"
      className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-slate-900"
    >
      <h2 id="hazard-heading" className="flex items-center gap-2 font-semibold text-slate-950">
        <TriangleAlert className="size-4 shrink-0" aria-hidden="true" />
        {hazard.signalWord}: hazardous material
      </h2>
      <ul aria-label="Hazard pictograms" className="mt-2 flex flex-wrap gap-2">
        {hazard.pictograms.map((code) => (
          <li key={code}>
            <img src={`/images/ghs/${code}.svg`} alt={GHS_PICTOGRAMS[code]} width={44} height={44} />
          </li>
        ))}
      </ul>
      <p className="mt-2 text-slate-800">{hazard.hazardStatements.map((statement) => statement.text).join(" ")}</p>
      {shipping && hazard.transport && (
        <p className="mt-2 flex items-start gap-2 font-medium text-slate-950">
          <Truck className="mt-[0.2lh] size-4 shrink-0" aria-hidden="true" />
          <span>
            {shipping}
            <span className="block font-normal text-slate-700">{hazmatDescription(hazard.transport)}</span>
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
