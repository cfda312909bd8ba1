// Company accounts: the roles a member holds and what each may do, the invitation's life, and the
// forms of the members page; shared by the browser (what to show) and the server (what to allow).
import { z } from "zod";
import { passwordField } from "../accounts/account-schemas";
import { emailField, required } from "../text/form-fields";

export const companyRoles = ["admin", "buyer", "approver", "viewer"] as const;
export type CompanyRole = (typeof companyRoles)[number];

export const roleNames: Record<CompanyRole, string> = {
  admin: "Company admin",
  buyer: "Buyer",
  approver: "Approver",
  viewer: "Viewer",
};

export const roleDescriptions: Record<CompanyRole, string> = {
  admin:
    "Manages members, addresses, lists, tax-exempt certificates and API keys, orders, pays invoices, sees everything",
  buyer: "Places orders, pays invoices, keeps lists",
  approver: "Approves or rejects orders above a buyer's spend limit, sees orders and invoices",
  viewer: "Sees orders and invoices, changes nothing",
};

/**
 * What a member may do beyond seeing the company's orders, invoices, credit, lists and addresses
 * (which every member sees). Checked by the server on every action; the pages hide what is refused.
 */
export type CompanyPermission =
  | "placeOrders"
  | "payInvoices"
  | "editLists"
  | "manageAddresses"
  | "manageMembers"
  | "manageTaxCertificates"
  | "manageApiKeys"
  | "approveOrders";

const permissions: Record<CompanyRole, readonly CompanyPermission[]> = {
  admin: [
    "placeOrders",
    "payInvoices",
    "editLists",
    "manageAddresses",
    "manageMembers",
    "manageTaxCertificates",
    "manageApiKeys",
    "approveOrders",
  ],
  buyer: ["placeOrders", "payInvoices", "editLists"],
  approver: ["approveOrders"],
  viewer: [],
};

export const can = (role: CompanyRole, permission: CompanyPermission) => permissions[role].includes(permission);

export const refusals: Record<CompanyPermission, string> = {
  placeOrders: "Your role in this company does not allow placing orders. Ask your company admin.",
  payInvoices: "Your role in this company does not allow paying invoices. Ask your company admin.",
  editLists: "Your role in this company does not allow changing lists. Ask your company admin.",
  manageAddresses: "Only your company admin can change the company's address book.",
  manageMembers: "Only your company admin can manage the company's members.",
  manageTaxCertificates: "Only your company admin can add or remove the company's tax-exempt certificates.",
  manageApiKeys: "Only your company admin can manage the company's API keys.",
  approveOrders: "Only your company's approvers and admins can approve or reject orders.",
};

/** How long an invitation link works, unless the store admin sets another length (Admin, Settings). */
export const DEFAULT_INVITATION_DAYS = 7;
export const MAX_INVITATION_DAYS = 30;

export const invitationExpiry = (now: Date, days: number = DEFAULT_INVITATION_DAYS) =>
  new Date(now.getTime() + days * 24 * 60 * 60 * 1000);

export type InvitationState = "open" | "used" | "expired";

export function invitationState(invitation: { usedAt: Date | null; expiresAt: Date }, now: Date): InvitationState {
  if (invitation.usedAt) return "used";
  return now.getTime() >= invitation.expiresAt.getTime() ? "expired" : "open";
}

export const invitationRefusals: Record<Exclude<InvitationState, "open">, string> = {
  used: "This invitation has already been used. Ask your company admin for a new one.",
  expired: "This invitation has expired. Ask your company admin for a new one.",
};

/**
 * A person buying for themselves: the one member of an account that gave no company name
 * (docs/product-rules.md, Companies). They hold the account, but no role is shown to them.
 */
export const isIndividualAccount = ({ companyName, members }: { companyName: string | null; members: number }) =>
  members <= 1 && !companyName;

export const LAST_ADMIN_MESSAGE = "A company needs an admin: make another member an admin first.";
export const LEAVING_LAST_ADMIN_MESSAGE =
  "You are the only admin of your company, which has other members: make one of them an admin before you join another company.";

/**
 * A change that would leave a company with members but no admin is refused: `admins` counts the
 * company's admins now, `losesAdmin` says the change takes one away, `othersRemain` whether any
 * member stays after it.
 */
export function leavesNoAdmin({
  admins,
  losesAdmin,
  othersRemain,
}: {
  admins: number;
  losesAdmin: boolean;
  othersRemain: boolean;
}): boolean {
  return losesAdmin && admins <= 1 && othersRemain;
}

const roleField = z.enum(companyRoles, { message: "Choose a role" });

export const inviteSchema = z.object({ email: emailField, role: roleField });
export const changeRoleSchema = z.object({ userId: z.string().min(1).max(100), role: roleField });
export const removeMemberSchema = z.object({ userId: z.string().min(1).max(100) });
export const revokeInvitationSchema = z.object({ invitationId: z.uuid("That invitation does not exist.") });

/** A person new to the store joins by the invitation's link: the link proves the e-mail, so no confirmation follows. */
export const joinSchema = z.object({
  firstName: required("First name is required", 100),
  lastName: required("Last name is required", 100),
  password: passwordField,
});

export type JoinInput = z.output<typeof joinSchema>;
