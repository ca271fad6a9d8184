import type { FormHTMLAttributes } from "react";

type Props = Omit<FormHTMLAttributes<HTMLFormElement>, "onSubmit" | "noValidate"> & {
  /** Called with the form instead of the browser's submission (the page does not reload). */
  onSubmit: (form: HTMLFormElement) => void;
};

/**
 * A form that a client component submits itself: the browser's own validation bubbles are off
 * (the fields show the catalogue's messages instead), and submitting calls `onSubmit` with the form.
 */
export function ClientForm({ onSubmit, className = "space-y-4", ...rest }: Props) {
  return (
    <form
      noValidate
      className={className}
      {...rest}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit(e.currentTarget);
      }}
    />
  );
}
