import { type ClassValue, clsx } from "clsx";
import { twMerge } from "tailwind-merge";

/** Joins class names; later Tailwind classes win, so the caller's class goes last. */
export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}
