// A company's contract prices in the back office: its rules (a fixed price for a part, or a
// percentage off a category or brand, with their days), added, changed and removed one at a time,
// or the whole list replaced from a CSV (docs/decisions/contract-prices.md).
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useNavigation, useSearchParams } from "react-router";
import { formatShortDate } from "../../../domain/dates/dates";
import { startOfStoreDay } from "../../../domain/dates/store-day-bounds";
import {
  CONTRACT_CSV_LIMITS,
  contractPriceColumns,
  contractPriceFormSchema,
  removeContractPriceSchema,
} from "../../../domain/pricing/contract-prices";
import { requireAdmin } from "../../../server/accounts/session";
import {
  companyPriceList,
  importContractPrices,
  type PriceRuleRow,
  removeContractPrice,
  saveContractPrice,
} from "../../../server/companies/contract-prices";
import type { SignedInUser } from "../../../server/context";
import { StoreError } from "../../../server/errors";
import { dispatchIntent, type FormIntent, formFields, refusedPage } from "../../../server/form-intents";
import { dataWithToast } from "../../../server/toast";
import { CompanyPageHeading } from "../../components/admin/company-page-heading";
import { Field } from "../../components/form-field";
import { Price } from "../../components/price";
import { SubmitButton } from "../../components/submit-button";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { TableHead } from "../../components/ui/table-head";
import { useZodForm } from "../../components/use-zod-form";
import type { Route } from "./+types/company-prices";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `Contract Prices ${loaderData?.company.accountNumber ?? ""} | Admin | Cascade Industrial Supply` }];
}

export async function loader({ context, params }: Route.LoaderArgs) {
  requireAdmin({ context });
  return companyPriceList(params.accountNumber).catch(refusedPage);
}

const failure = "Failed to change the price list";

/** The page's forms: a price rule added or saved, one removed, the whole list replaced by a file. */
const intents: Record<string, FormIntent<SignedInUser>> = {
  save: {
    failure,
    async handle(admin, formData, { params }) {
      const submission = parseWithZod(formData, { schema: contractPriceFormSchema });
      if (submission.status !== "success") return data({ reply: submission.reply() }, 400);
      const { ruleId, ...rule } = submission.value;
      await saveContractPrice(admin.id, String(params.accountNumber), rule, ruleId);
      return dataWithToast(
        { reply: submission.reply({ resetForm: true }) },
        { type: "success", title: ruleId ? "Price rule saved" : "Price rule added" },
      );
    },
  },
  remove: {
    failure,
    async handle(admin, formData, { params }) {
      const { ruleId } = formFields(formData, removeContractPriceSchema, "That price rule does not exist.");
      await removeContractPrice(admin.id, String(params.accountNumber), ruleId);
      return dataWithToast({ ok: true }, { type: "success", title: "Price rule removed" });
    },
  },
  // A refused file is told beside the upload form, as its bad rows are.
  upload: {
    toast: "none",
    about: () => ({ upload: true }),
    async handle(admin, formData, { params }) {
      const file = formData.get("file");
      if (!(file instanceof File) || file.name === "")
        throw new StoreError("Invalid", "Choose a price list (.csv) to upload.");
      if (file.size > CONTRACT_CSV_LIMITS.maxBytes)
        throw new StoreError(
          "Invalid",
          "The file is larger than 1 MB: split the price list or remove rules that ended.",
        );
      const report = await importContractPrices(admin.id, String(params.accountNumber), await file.text());
      if (report.problems.length > 0) return data({ problems: report.problems }, 400);
      return dataWithToast(
        { imported: report.written },
        { type: "success", title: `Price list replaced: ${report.written} rules` },
      );
    },
  },
};

export function action(args: Route.ActionArgs) {
  return dispatchIntent(args, intents, { as: "admin" });
}

/** What the forms show of an answer: the rule form's errors; the file's bad rows, or why the file was refused. */
type PricesAnswer = {
  reply?: SubmissionResult<string[]>;
  problems?: Parameters<typeof PriceListUpload>[0]["problems"];
  upload?: boolean;
  message?: string;
};

const dayShown = (day: string) => formatShortDate(startOfStoreDay(day));

function appliesTo(rule: PriceRuleRow) {
  if (rule.partNumber) return `Part ${rule.partNumber}`;
  if (rule.category) return `Category ${rule.category}`;
  return `Brand ${rule.brand}`;
}

export default function CompanyPricesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { company, rules } = loaderData;
  const [params] = useSearchParams();
  const editing = rules.find((rule) => rule.id === params.get("edit"));
  const answer = actionData as PricesAnswer | undefined;
  const problems = answer?.problems;
  const uploadError = answer?.upload ? answer.message : undefined;
  return (
    <div className="max-w-5xl">
      <CompanyPageHeading title="Contract Prices" company={company}>
        Members pay the lowest of the list price, the bulk tier and these prices.
      </CompanyPageHeading>
      <PriceRules rules={rules} />
      <RuleForm key={editing?.id ?? "new"} editing={editing} lastResult={answer?.reply} />
      <PriceListUpload problems={problems} error={uploadError} />
    </div>
  );
}

function PriceRules({ rules }: { rules: PriceRuleRow[] }) {
  const busy = useNavigation().state !== "idle";
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle id="price-rules">Price List</CardTitle>
      </CardHeader>
      <CardContent className="overflow-x-auto px-0 py-0">
        {rules.length === 0 ? (
          <p className="px-6 py-8 text-center text-slate-700">No contract prices: members pay list and tier prices.</p>
        ) : (
          <table aria-labelledby="price-rules" className="w-full min-w-[640px] text-left text-sm">
            <TableHead columns={["Applies to", "Contract price", "From", "Until", "Actions"]} />
            <tbody className="divide-y divide-slate-200">
              {rules.map((rule) => (
                <tr key={rule.id}>
                  <td className="px-6 py-3">
                    <div className="font-medium text-slate-950">{appliesTo(rule)}</div>
                    {rule.productName && <div className="text-slate-700">{rule.productName}</div>}
                  </td>
                  <td className="px-6 py-3">
                    {rule.price ? <Price amount={rule.price} /> : `${Number(rule.percentOff)}% off list`}
                  </td>
                  <td className="px-6 py-3">{dayShown(rule.startsOn)}</td>
                  <td className="px-6 py-3">{rule.endsOn ? dayShown(rule.endsOn) : "No end"}</td>
                  <td className="px-6 py-3">
                    <div className="flex gap-2">
                      <Button asChild variant="outline" size="sm">
                        <Link to={`?edit=${rule.id}`} aria-label={`Edit the rule for ${appliesTo(rule)}`}>
                          Edit
                        </Link>
                      </Button>
                      <Form method="post">
                        <input type="hidden" name="intent" value="remove" />
                        <input type="hidden" name="ruleId" value={rule.id} />
                        <Button
                          type="submit"
                          variant="outline"
                          size="sm"
                          disabled={busy}
                          aria-label={`Remove the rule for ${appliesTo(rule)}`}
                        >
                          Remove
                        </Button>
                      </Form>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </CardContent>
    </Card>
  );
}

function RuleForm({ editing, lastResult }: { editing?: PriceRuleRow; lastResult?: SubmissionResult<string[]> }) {
  const busy = useNavigation().state !== "idle";
  const [form, fields] = useZodForm("contract-price", contractPriceFormSchema, {
    lastResult,
    defaultValue: editing && {
      part_number: editing.partNumber ?? "",
      category: editing.category ?? "",
      brand: editing.brand ?? "",
      price: editing.price ?? "",
      percent_off: editing.percentOff ? String(Number(editing.percentOff)) : "",
      starts_on: editing.startsOn,
      ends_on: editing.endsOn ?? "",
    },
  });
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle>{editing ? `Edit the Rule for ${appliesTo(editing)}` : "Add a Rule"}</CardTitle>
      </CardHeader>
      <CardContent>
        <p className="mb-4 text-sm text-slate-700">
          A part number takes a fixed unit price; a category (or subcategory) slug or a brand takes a percentage off the
          list price. Days are the store's (New York) calendar days, both included.
        </p>
        <Form method="post" {...getFormProps(form)} className="space-y-4">
          <input type="hidden" name="intent" value="save" />
          {editing && <input type="hidden" name="ruleId" value={editing.id} />}
          <div className="grid gap-4 sm:grid-cols-3">
            <Field meta={fields.part_number} label="Part number" optional />
            <Field meta={fields.category} label="Category slug" optional />
            <Field meta={fields.brand} label="Brand" optional />
          </div>
          <div className="grid gap-4 sm:grid-cols-4">
            <Field meta={fields.price} label="Price ($)" optional />
            <Field meta={fields.percent_off} label="Percent off (%)" optional />
            <Field meta={fields.starts_on} label="Starts on (YYYY-MM-DD)" />
            <Field meta={fields.ends_on} label="Ends on (YYYY-MM-DD)" optional />
          </div>
          <div className="flex gap-2">
            <SubmitButton busy={busy}>{editing ? "Save Rule" : "Add Rule"}</SubmitButton>
            {editing && (
              <Button asChild variant="outline">
                <Link to=".">Cancel</Link>
              </Button>
            )}
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}

function PriceListUpload({
  problems,
  error,
}: {
  problems?: { row?: number; column: string; message: string }[];
  error?: string;
}) {
  const busy = useNavigation().state !== "idle";
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle>Upload a Price List</CardTitle>
      </CardHeader>
      <CardContent>
        <Form method="post" encType="multipart/form-data" className="space-y-4">
          <input type="hidden" name="intent" value="upload" />
          <div className="space-y-1">
            <Label htmlFor="price-list-file">Price list (CSV)</Label>
            <Input
              id="price-list-file"
              name="file"
              type="file"
              accept=".csv,text/csv"
              required
              aria-describedby="price-list-help"
            />
            <p id="price-list-help" className="text-sm text-slate-700">
              The first row names the columns <code>{contractPriceColumns.join(",")}</code>. The file replaces the whole
              list; if any row is wrong, nothing changes and each wrong row is listed.
            </p>
          </div>
          <SubmitButton busy={busy}>Upload Price List</SubmitButton>
        </Form>
        {error && (
          <p role="alert" className="mt-4 text-sm text-red-700">
            {error}
          </p>
        )}
        {problems && (
          <div role="alert" className="mt-4">
            <h3 id="upload-problems" className="font-semibold text-red-800">
              The price list was not changed: fix these rows and upload it again.
            </h3>
            <table aria-labelledby="upload-problems" className="mt-2 w-full text-left text-sm">
              <TableHead columns={["Row", "Column", "Problem"]} />
              <tbody className="divide-y divide-slate-200">
                {problems.map((problem) => (
                  <tr key={`${problem.row}-${problem.column}-${problem.message}`}>
                    <td className="px-6 py-2">{problem.row}</td>
                    <td className="px-6 py-2 font-mono">{problem.column}</td>
                    <td className="px-6 py-2">{problem.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
