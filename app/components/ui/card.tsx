import { clsx } from "clsx";
import type * as React from "react";

function Card({ className, ...props }: React.ComponentProps<"section">) {
  return <section className={clsx("card", className)} {...props} />;
}

function CardHeader({ className, ...props }: React.ComponentProps<"div">) {
  return <div className={clsx("card-header", className)} {...props} />;
}

function CardTitle({ className, ...props }: React.ComponentProps<"h2">) {
  return <h2 className={clsx("card-title", className)} {...props} />;
}

function CardContent({ className, ...props }: React.ComponentProps<"div">) {
  return <div className={clsx("card-content", className)} {...props} />;
}

export { Card, CardContent, CardHeader, CardTitle };
