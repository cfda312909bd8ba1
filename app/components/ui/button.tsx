import { clsx } from "clsx";
import { Slot } from "radix-ui";
import type * as React from "react";

// Each variant and size is a component class in app/app.css; a variant sets colours, a size sets
// height, padding and type, so the three classes of a button never set the same property.
const variants = {
  default: "btn-default",
  accent: "btn-accent",
  outline: "btn-outline",
  ghost: "btn-ghost",
  destructive: "btn-destructive",
  link: "btn-link",
};
const sizes = { default: "btn-md", sm: "btn-sm", lg: "btn-lg", icon: "btn-icon" };

interface ButtonStyle {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
}

/** A button's classes, for a link that looks like one. */
function buttonVariants({ variant = "default", size = "default" }: ButtonStyle = {}) {
  return `btn ${variants[variant]} ${sizes[size]}`;
}

function Button({
  className,
  variant,
  size,
  asChild = false,
  ...props
}: React.ComponentProps<"button"> & ButtonStyle & { asChild?: boolean }) {
  const Component = asChild ? Slot.Root : "button";
  return <Component className={clsx(buttonVariants({ variant, size }), className)} {...props} />;
}

export { Button, buttonVariants };
