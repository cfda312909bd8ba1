// A toast that survives a redirect: set by an action, shown once by the next page.
import { createCookie, data, redirect } from "react-router";
import { z } from "zod";
import { config } from "./config";

const toastSchema = z.object({
  type: z.enum(["success", "error", "info"]),
  title: z.string(),
  description: z.string().optional(),
  /** One flash, however many loaders read its cookie before the answer clearing it came back. */
  id: z.string().optional(),
});

export type Toast = z.infer<typeof toastSchema>;

const toastCookie = () =>
  createCookie("toast", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    maxAge: 60,
    secure: config().PUBLIC_URL.startsWith("https:"),
    secrets: [config().AUTH_SECRET],
  });

export async function setToastHeader(toast: Toast): Promise<[string, string]> {
  return ["Set-Cookie", await toastCookie().serialize({ ...toast, id: crypto.randomUUID() })];
}

export async function redirectWithToast(url: string, toast: Toast, headers: HeadersInit = []): Promise<Response> {
  const all = new Headers(headers);
  all.append(...(await setToastHeader(toast)));
  return redirect(url, { headers: all });
}

/** An action's answer that also shows a toast on the page, even if the part that asked is gone by then. */
export async function dataWithToast<T>(payload: T, toast: Toast, status = 200, headers: HeadersInit = {}) {
  const all = new Headers(headers);
  all.append(...(await setToastHeader(toast)));
  return data(payload, { status, headers: all });
}

/** The pending toast of this request, and the header that clears it. */
export async function takeToast(request: Request): Promise<{ toast: Toast | null; headers: Headers }> {
  const value = await toastCookie().parse(request.headers.get("cookie"));
  const parsed = toastSchema.safeParse(value);
  const headers = new Headers();
  if (value !== null) headers.append("Set-Cookie", await toastCookie().serialize("", { maxAge: 0 }));
  return { toast: parsed.success ? parsed.data : null, headers };
}
